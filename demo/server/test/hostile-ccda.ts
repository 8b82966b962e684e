// Documents an attacker sends the validator, at the largest size it takes: the load test and the
// bench (bench/server.ts) send the same ones, so both measure the same worst case.
import { MAX_CCDA_BYTES } from '../ccda/validate-ccda';

const OPEN = '<ClinicalDocument xmlns="urn:hl7-org:v3"><x';
const CLOSE = '/></ClinicalDocument>';

/** One element carrying as many attributes as fit in the size cap (about 400,000 at 5 MB). */
export function attributeFlood(bytes = MAX_CCDA_BYTES - 1024): string {
  const parts: string[] = [OPEN];
  let size = OPEN.length + CLOSE.length;
  for (let i = 0; ; i++) {
    const attribute = ` a${i}="1"`;
    if (size + attribute.length > bytes) break;
    parts.push(attribute);
    size += attribute.length;
  }
  parts.push(CLOSE);
  return parts.join('');
}

/** As many small elements as fit in the size cap: well-formed, slow only by its size. */
export function elementFlood(bytes = MAX_CCDA_BYTES - 1024): string {
  const element = '<x a="1" b="2" c="3" d="4"/>';
  const open = '<ClinicalDocument xmlns="urn:hl7-org:v3">';
  const close = '</ClinicalDocument>';
  return open + element.repeat(Math.floor((bytes - open.length - close.length) / element.length)) + close;
}

/** A multipart body with the document as its ccdaFile part, as the portal sends it. */
export function ccdaForm(xml: string, name = 'ccd.xml'): FormData {
  const form = new FormData();
  form.append('ccdaFile', new Blob([xml], { type: 'text/xml' }), name);
  return form;
}

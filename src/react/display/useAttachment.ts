import { useEffect, useMemo, useState } from 'react';
import {
  getAttachmentDataUrl,
  getAttachmentKind,
  getAttachmentName,
  getDownloadName,
  getSafeAttachmentUrl,
  getSafeMediaType,
  getServerBinaryId,
  SignedUrlCache,
  type Attachment,
  type AttachmentKind,
  type Binary,
  type OperationOutcomeError,
} from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { toOutcomeError } from '../primitives';

/** What {@link useAttachment} answers: what to preview and where the bytes are. */
export interface AttachmentView {
  /** The preview its content type allows. */
  readonly kind: AttachmentKind;
  /** Its name: the title, else the last segment of its URL. */
  readonly name: string;
  /** The file name a download saves under. */
  readonly downloadName: string;
  /** Where a preview or the Download link points: only ever an http(s), data or blob URL. */
  readonly url: string | undefined;
  /** The text of a text or C-CDA attachment, when its bytes are at hand (inline data or a Binary of this server). */
  readonly text: string | undefined;
  /** True while a Binary of this server loads. */
  readonly loading: boolean;
  /** Why it could not be loaded, as every loading hook says it. */
  readonly error: OperationOutcomeError | undefined;
}

// Shared by every attachment on the page, so a resource read again (with freshly signed URLs)
// keeps the URLs the browser already downloaded.
const signedUrls = /* @__PURE__ */ new SignedUrlCache();

function decodeBase64(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const isTextKind = (kind: AttachmentKind) => kind === 'text' || kind === 'ccda';

interface Loaded {
  readonly key: string;
  readonly url?: string;
  readonly text?: string;
  readonly error?: OperationOutcomeError;
}

/**
 * An attachment ready to show: inline data as a data: URL; a Binary on this FHIR server read
 * through the client (with the session's token) into a blob: URL, revoked when no longer shown;
 * any other URL as it is when it is http(s), data or blob, a signed one reused until 5 s before
 * it expires. Text and C-CDA attachments also answer their text when the bytes are at hand.
 */
export function useAttachment(attachment: Attachment | undefined): AttachmentView {
  const client = useFhirClient();
  const kind = getAttachmentKind(attachment?.contentType);
  const binaryId = attachment?.data ? undefined : getServerBinaryId(attachment?.url, client.getFhirBaseUrl());
  const [loaded, setLoaded] = useState<Loaded>();

  const inline = useMemo(() => {
    if (!attachment?.data) return undefined;
    const url = getAttachmentDataUrl(attachment);
    let text: string | undefined;
    if (url && isTextKind(kind)) text = new TextDecoder().decode(decodeBase64(url.slice(url.indexOf(',') + 1)));
    return { url, text };
  }, [attachment, kind]);

  const contentType = attachment?.contentType;
  useEffect(() => {
    if (!binaryId) return undefined;
    let live = true;
    let objectUrl: string | undefined;
    const key = `${binaryId}|${contentType}`;
    client
      .readResource('Binary', binaryId)
      .then((binary: Binary) => {
        if (!live) return;
        const bytes = decodeBase64(binary.data ?? '');
        const type = getSafeMediaType(contentType ?? binary.contentType);
        objectUrl = URL.createObjectURL(new Blob([bytes], { type }));
        const text = isTextKind(getAttachmentKind(contentType ?? binary.contentType))
          ? new TextDecoder().decode(bytes)
          : undefined;
        setLoaded({ key, url: objectUrl, text });
      })
      .catch((error: unknown) => live && setLoaded({ key, error: toOutcomeError(error) }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [client, binaryId, contentType]);

  const remote = attachment?.data || binaryId ? undefined : getSafeAttachmentUrl(attachment?.url);
  const remoteUrl = useMemo(() => (remote ? signedUrls.resolve(remote) : undefined), [remote]);
  const current = binaryId && loaded?.key === `${binaryId}|${contentType}` ? loaded : undefined;

  return {
    kind,
    name: getAttachmentName(attachment),
    downloadName: getDownloadName(attachment),
    url: inline ? inline.url : binaryId ? current?.url : remoteUrl,
    text: inline ? inline.text : current?.text,
    loading: !!binaryId && !current,
    error: current?.error,
  };
}

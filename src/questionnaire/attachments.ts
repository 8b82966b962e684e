// Attachment items: the file is checked against the item's limits, uploaded through the
// injected uploadAttachment, and its Attachment becomes the answer. The item's state says when
// an upload runs and why one failed, in the engine's messages.
import { normalizeErrorString } from '../fhir/outcomes';
import { batch, markChanged } from './notify';
import type { Node } from './nodes';
import { propagate, applyAnswers } from './propagate';
import type { EngineState } from './state';

/** A file to attach: a browser File, or any Blob with a name. */
export type QuestionnaireFile = Blob & { readonly name?: string };

function setUpload(s: EngineState, node: Node, upload: Node['upload']): void {
  batch(s, () => {
    node.upload = upload;
    markChanged(s, node);
  });
}

/** Checks, uploads and answers with a file; resolves once the answer is set or the failure is on the item. */
export async function attachFile(s: EngineState, key: string, file: QuestionnaireFile): Promise<void> {
  const node = s.nodes.get(key);
  if (!node || node.def.type !== 'attachment' || node.upload?.uploading) return;
  const { maxSize, mimeTypes } = node.def.constraints;
  const { messages } = s;
  if (maxSize !== undefined && file.size > maxSize)
    return setUpload(s, node, { error: messages.fileTooLarge(maxSize) });
  if (mimeTypes?.length && !mimeTypes.includes(file.type))
    return setUpload(s, node, { error: messages.fileTypeNotAllowed(mimeTypes) });
  const upload = s.options.uploadAttachment;
  if (!upload) return setUpload(s, node, { error: messages.uploadUnavailable });
  setUpload(s, node, { uploading: true });
  try {
    const attachment = await upload({
      data: file,
      filename: file.name,
      contentType: file.type || 'application/octet-stream',
    });
    if (s.nodes.get(key) !== node) return;
    batch(s, () => {
      node.upload = undefined;
      markChanged(s, node);
      if (!attachment) return;
      node.touched = true;
      applyAnswers(s, node, [{ valueAttachment: { ...attachment, size: file.size } }]);
      if (node.enabled) propagate(s, new Set([node.def]));
    });
  } catch (error) {
    s.log(`Uploading the attachment of '${node.def.linkId}' failed`, error);
    if (s.nodes.get(key) === node) setUpload(s, node, { error: messages.uploadFailed(normalizeErrorString(error)) });
  }
}

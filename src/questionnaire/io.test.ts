// @vitest-environment node
import type { Attachment, Patient, QuestionnaireItem } from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import { loadFhirPath, type FhirPathEngine } from './expressions';
import { keyOf, makeStore, questionnaire, response } from './test-helpers';

const SD = 'http://hl7.org/fhir/StructureDefinition/';

describe('attachment items', () => {
  const item: QuestionnaireItem = {
    linkId: 'scan',
    text: 'Scan',
    type: 'attachment',
    extension: [
      { url: `${SD}maxSize`, valueDecimal: 10 },
      { url: `${SD}mimeType`, valueCode: 'image/png' },
    ],
  };

  describe('when the file fits the limits', () => {
    it('uploads it through uploadAttachment and answers with the attachment and its size', async () => {
      const uploaded: Attachment = { contentType: 'image/png', url: 'Binary/1', title: 'scan.png' };
      const uploadAttachment = vi.fn(async () => uploaded);
      const store = makeStore(questionnaire([item]), { uploadAttachment });
      const key = keyOf(store, 'scan');
      const pending = store.attachFile(key, new File(['12345'], 'scan.png', { type: 'image/png' }));
      expect(store.getItemState(key)).toMatchObject({ uploading: true });
      await pending;
      const upload = (uploadAttachment.mock.calls[0] as unknown[])[0] as { data: File };
      expect(uploadAttachment).toHaveBeenCalledWith({
        data: upload.data,
        filename: 'scan.png',
        contentType: 'image/png',
      });
      expect(store.getItemState(key)).toMatchObject({ uploading: false, touched: true });
      expect(store.buildResponse()).toEqual(
        response([{ linkId: 'scan', text: 'Scan', answer: [{ valueAttachment: { ...uploaded, size: 5 } }] }])
      );
    });
  });

  describe('when the file breaks a limit', () => {
    it('says why in the messages and uploads nothing', async () => {
      const uploadAttachment = vi.fn();
      const store = makeStore(questionnaire([item]), {
        uploadAttachment,
        messages: { fileTooLarge: (max) => `Bigger than ${max}.` },
      });
      const key = keyOf(store, 'scan');
      await store.attachFile(key, new File(['12345678901'], 'big.png', { type: 'image/png' }));
      expect(store.getItemState(key)!.uploadError).toBe('Bigger than 10.');
      await store.attachFile(key, new File(['1'], 'a.gif', { type: 'image/gif' }));
      expect(store.getItemState(key)!.uploadError).toBe('Allowed file types: image/png.');
      expect(uploadAttachment).not.toHaveBeenCalled();
      expect(store.getItemState(key)!.answers).toEqual([]);
    });
  });

  describe('when the upload fails', () => {
    it('keeps the answer it had and shows the reason', async () => {
      const store = makeStore(questionnaire([item]), {
        uploadAttachment: async () => {
          throw new Error('Storage full');
        },
      });
      const key = keyOf(store, 'scan');
      store.setAnswer(key, { valueAttachment: { url: 'Binary/0', title: 'old.png' } });
      await store.attachFile(key, new File(['1'], 'a.png', { type: 'image/png' }));
      expect(store.getItemState(key)).toMatchObject({
        uploading: false,
        uploadError: 'Storage full',
        answers: [{ valueAttachment: { url: 'Binary/0', title: 'old.png' } }],
      });
    });
  });

  describe('when the store has no uploadAttachment', () => {
    it('says that uploads are not available', async () => {
      const store = makeStore(questionnaire([item]));
      await store.attachFile(keyOf(store, 'scan'), new File(['1'], 'a.png', { type: 'image/png' }));
      expect(store.getItemState(keyOf(store, 'scan'))!.uploadError).toBe('No attachment upload available.');
    });
  });
});

describe('reference items', () => {
  const patient = (id: string, family: string): Patient => ({ resourceType: 'Patient', id, name: [{ family }] });
  const item: QuestionnaireItem = {
    linkId: 'who',
    text: 'Who',
    type: 'reference',
    extension: [
      { url: `${SD}questionnaire-referenceResource`, valueCode: 'Patient' },
      { url: `${SD}questionnaire-referenceResource`, valueCode: 'Device' },
      { url: `${SD}questionnaire-referenceFilter`, valueString: 'organization=$subj&active=true' },
    ],
  };

  it('searches each target type by its name parameter with the filter, and offers the results as options', async () => {
    const searchResources = vi.fn(async (type: string) => (type === 'Patient' ? [patient('1', 'Simpson')] : []));
    const store = makeStore(questionnaire([item]), {
      searchResources,
      subject: { reference: 'Organization/9' },
    });
    const key = keyOf(store, 'who');
    await store.searchReferences(key, 'sim');
    expect(searchResources.mock.calls).toEqual([
      ['Patient', { organization: 'Organization/9', active: 'true', name: 'sim', _count: '10' }],
      ['Device', { organization: 'Organization/9', active: 'true', 'device-name': 'sim', _count: '10' }],
    ]);
    expect(store.getItemState(key)).toMatchObject({
      optionsLoading: false,
      options: [{ answer: { valueReference: { reference: 'Patient/1', display: 'Simpson' } }, label: 'Simpson' }],
    });
  });

  it('keeps only the latest search when an earlier one answers late', async () => {
    const answers: Record<string, (found: Patient[]) => void> = {};
    const searchResources = (_type: string, params: Record<string, string>) =>
      new Promise<Patient[]>((resolve) => (answers[params.name] = resolve));
    const store = makeStore(questionnaire([{ linkId: 'who', type: 'reference' }]), { searchResources });
    const key = keyOf(store, 'who');
    const first = store.searchReferences(key, 'a');
    const second = store.searchReferences(key, 'ab');
    answers.ab([patient('2', 'Abe')]);
    await second;
    answers.a([patient('1', 'Al')]);
    await first;
    expect(store.getItemState(key)!.options.map((o) => o.label)).toEqual(['Abe']);
  });

  it('shows a failed search on the item, in the messages', async () => {
    const store = makeStore(questionnaire([{ linkId: 'who', type: 'reference' }]), {
      searchResources: async () => {
        throw new Error('Forbidden');
      },
      messages: { referenceSearchFailed: (reason) => `Search failed: ${reason}` },
    });
    const key = keyOf(store, 'who');
    await store.searchReferences(key, '');
    expect(store.getItemState(key)).toMatchObject({ optionsLoading: false, optionsError: 'Search failed: Forbidden' });
  });
});

describe('items waiting for FHIRPath', () => {
  const calc = (expression: string) => ({
    url: QuestionnaireUrls.calculatedExpression,
    valueExpression: { language: 'text/fhirpath', expression },
  });

  it('are pending and take answers until the engine lands, then are evaluated', async () => {
    let land!: (engine: FhirPathEngine) => void;
    const arrived = new Promise<FhirPathEngine>((resolve) => (land = resolve));
    const store = makeStore(
      questionnaire([
        { linkId: 'a', type: 'integer' },
        { linkId: 'double', type: 'integer', extension: [calc("%resource.item.where(linkId='a').answer.value * 2")] },
      ]),
      { loadFhirPath: () => arrived }
    );
    const notified: string[] = [];
    store.subscribeItem('double[0]')(() => notified.push('double'));
    expect(store.getItemState('a[0]')!.pending).toBe(false);
    expect(store.getItemState('double[0]')!.pending).toBe(true);
    store.setAnswer('a[0]', { valueInteger: 4 });
    expect(store.getItemState('a[0]')!.answers).toEqual([{ valueInteger: 4 }]);
    expect(store.getItemState('double[0]')!.answers).toEqual([]);

    land(await loadFhirPath());
    await store.ready;
    expect(store.getItemState('double[0]')).toMatchObject({ pending: false, answers: [{ valueInteger: 8 }] });
    expect(notified).toEqual(['double']);
  });

  it('stop being pending when the engine fails to load', async () => {
    const store = makeStore(questionnaire([{ linkId: 'x', type: 'integer', extension: [calc('1 + 1')] }]), {
      loadFhirPath: () => Promise.reject(new Error('offline')),
    });
    await store.ready;
    expect(store.getItemState('x[0]')!.pending).toBe(false);
    expect(store.getFormState().issues).toContain('The FHIRPath engine could not be loaded: offline');
  });
});

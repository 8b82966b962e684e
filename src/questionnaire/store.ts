// The public API of the questionnaire engine: createQuestionnaireStore builds the state
// (state.ts, load.ts) and returns the store, whose methods are thin: each runs one change in a
// batch over the parts (tree, live response, enable state, expressions, validation,
// notification, snapshots). README.md in this folder follows setAnswer to the re-render.
import type { QuestionnaireResponse, Reference } from '../fhir/types';
import { answerValueKey, coerceAnswer } from './answers';
import { attachFile, type QuestionnaireFile } from './attachments';
import { QuestionnaireUrls } from './constants';
import type { ItemDef } from './definitions';
import { startExpressions } from './fhirpath-load';
import { collectErrors } from './item-errors';
import { loadTree } from './load';
import { setLanguage } from './language';
import { isQuestion } from './nodes';
import { batch, markFormChanged } from './notify';
import { applyAnswers, propagate, reevaluate } from './propagate';
import { insertInstance, removeInstance } from './repeats';
import { searchReferences } from './reference-search';
import { buildResponse } from './response';
import { formSnapshot, itemSnapshot, pages } from './snapshots';
import { createEngineState, type EngineState, type Listener } from './state';
import { allInstances, subtreeOf } from './tree';
import type {
  QuestionnaireAnswer,
  QuestionnaireFormState,
  QuestionnaireItemState,
  QuestionnaireStoreOptions,
  QuestionnaireValidationError,
} from './types';
import { loadValueSetOptions } from './value-set-options';

/** The headless questionnaire engine; see createQuestionnaireStore. */
export interface QuestionnaireStore {
  /** Resolves once expressions have been evaluated (at once when there are none). */
  readonly ready: Promise<void>;
  /** Subscribes to any change; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** A subscribe function for one item, stable per key, for useSyncExternalStore. */
  subscribeItem(key: string): (listener: Listener) => () => void;
  /** The item's snapshot; the same object until that item changes. Undefined for an unknown key. */
  getItemState(key: string): QuestionnaireItemState | undefined;
  /** Form-level snapshot; the same object until something form-level changes. */
  getFormState(): QuestionnaireFormState;
  /** Every instance key in questionnaire order (enabled or not). */
  getKeys(): string[];
  /** Keys of the instances of a linkId. */
  findKeys(linkId: string): string[];
  /** Replaces the answers of an item instance. Returns false for an unknown key or a display/group item. */
  setAnswers(key: string, answers: readonly QuestionnaireAnswer[]): boolean;
  /** Sets one answer (or clears with undefined). */
  setAnswer(key: string, answer: QuestionnaireAnswer | undefined): boolean;
  /** Adds a repeat instance after the last instance of the item `key` is an instance of. Returns the new key. */
  addRepeat(key: string): string | undefined;
  /** Removes a repeat instance (not below one, or minOccurs). */
  removeRepeat(key: string): boolean;
  /** Loads the options of a value-set item through expandValueSet. */
  loadOptions(key: string, filter?: string): Promise<void>;
  /** Searches resources for a reference item through searchResources; the results become its options. */
  searchReferences(key: string, text: string): Promise<void>;
  /** Checks a file against an attachment item's limits, uploads it through uploadAttachment and answers with it. */
  attachFile(key: string, file: QuestionnaireFile): Promise<void>;
  /**
   * Shows the form's texts and options in another language (store option `language`); answers
   * are kept, value sets are expanded again in it, and the response records it.
   */
  setLanguage(language: string | undefined): void;
  /** Moves to the next page if the current one is valid; returns whether it moved. */
  nextPage(): boolean;
  backPage(): boolean;
  goToPage(index: number): void;
  /** Sets the drawn signature (base64 image data). */
  setSignature(dataBase64: string, who?: Reference): void;
  clearSignature(): void;
  /** Marks a submit attempt (shows the signature error) and returns all errors. */
  attemptSubmit(): QuestionnaireValidationError[];
  /** All current errors, signature included. */
  validate(): QuestionnaireValidationError[];
  /**
   * Builds the QuestionnaireResponse: status completed and authored now (a submit), or with
   * `{ status: 'in-progress' }` the draft of a form still being filled, without authored.
   */
  buildResponse(options?: { status?: 'completed' | 'in-progress' }): QuestionnaireResponse;
}

/**
 * Creates the headless questionnaire engine from a Questionnaire and an optional response.
 * Never throws on bad input: problems become item issues, or `fatalError` when nothing can render.
 */
export function createQuestionnaireStore(input: unknown, options: QuestionnaireStoreOptions = {}): QuestionnaireStore {
  const s: EngineState = createEngineState(input, options);
  loadTree(s);
  const itemSubscribers = new Map<string, (listener: Listener) => () => void>();

  /** Moves to page `index` (already checked). */
  const moveTo = (index: number) =>
    batch(s, () => {
      s.form.currentPage = index;
      markFormChanged(s);
    });

  const store: QuestionnaireStore = {
    ready: startExpressions(s),

    subscribe(listener) {
      s.notify.listeners.add(listener);
      return () => s.notify.listeners.delete(listener);
    },

    subscribeItem(key) {
      let fn = itemSubscribers.get(key);
      if (!fn) {
        fn = (listener: Listener) => {
          let set = s.notify.itemListeners.get(key);
          if (!set) s.notify.itemListeners.set(key, (set = new Set()));
          set.add(listener);
          return () => {
            set!.delete(listener);
          };
        };
        itemSubscribers.set(key, fn);
      }
      return fn;
    },

    getItemState(key) {
      const node = s.nodes.get(key);
      return node ? itemSnapshot(s, node) : undefined;
    },

    getFormState: () => formSnapshot(s),

    getKeys: () => allInstances(s).map((node) => node.key),

    findKeys(linkId) {
      return allInstances(s)
        .filter((node) => node.def.linkId === linkId)
        .map((node) => node.key);
    },

    setAnswers(key, answers) {
      const node = s.nodes.get(key);
      if (!node || !isQuestion(node.def)) return false;
      return batch(s, () => {
        const list = answers.filter((a) => a && answerValueKey(a)).map((a) => coerceAnswer(node.def.item, { ...a }));
        node.touched = true;
        if (node.externalErrors.length) node.externalErrors = [];
        applyAnswers(s, node, list);
        if (node.enabled) propagate(s, new Set([node.def]));
        return true;
      });
    },

    setAnswer(key, answer) {
      return store.setAnswers(key, answer ? [answer] : []);
    },

    addRepeat(key) {
      const node = s.nodes.get(key);
      if (!node || !itemSnapshot(s, node).canAddRepeat) return undefined;
      return batch(s, () => {
        const newKey = insertInstance(s, node);
        const subtree = newKey ? subtreeOf(s.nodes.get(newKey)!) : [];
        const run = s.fhirpath.run;
        if (run) {
          for (const n of subtree) run.populateInitial(s, n);
          const affected = new Set<ItemDef>();
          for (const n of subtree) reevaluate(s, n.def, affected);
        }
        propagate(s, new Set(subtree.map((n) => n.def)));
        return newKey;
      });
    },

    removeRepeat(key) {
      const node = s.nodes.get(key);
      if (!node || !itemSnapshot(s, node).canRemoveRepeat) return false;
      return batch(s, () => {
        propagate(s, removeInstance(s, node));
        return true;
      });
    },

    loadOptions: (key, filter) => loadValueSetOptions(s, key, filter),

    searchReferences: (key, text) => searchReferences(s, key, text),

    attachFile: (key, file) => attachFile(s, key, file),

    setLanguage: (language) => setLanguage(s, language),

    nextPage() {
      const list = pages(s);
      if (!list) return false;
      const page = list[s.form.currentPage];
      if (page && !page.valid) return false;
      for (let i = s.form.currentPage + 1; i < list.length; i++) {
        if (list[i].enabled) {
          moveTo(i);
          return true;
        }
      }
      return false;
    },

    backPage() {
      const list = pages(s);
      if (!list) return false;
      for (let i = s.form.currentPage - 1; i >= 0; i--) {
        if (list[i].enabled) {
          moveTo(i);
          return true;
        }
      }
      return false;
    },

    goToPage(index) {
      const list = pages(s);
      if (!list || index < 0 || index >= list.length) return;
      moveTo(index);
    },

    setSignature(dataBase64, who) {
      const signer = who ?? options.profile;
      batch(s, () => {
        s.form.signature = {
          type: [{ system: QuestionnaireUrls.signatureType, code: 'ProofOfOrigin', display: 'Proof of Origin' }],
          when: s.now().toISOString(),
          who: signer ?? {},
          data: dataBase64,
        };
        markFormChanged(s);
      });
    },

    clearSignature() {
      batch(s, () => {
        s.form.signature = undefined;
        markFormChanged(s);
      });
    },

    attemptSubmit() {
      batch(s, () => {
        s.form.submitAttempted = true;
        markFormChanged(s);
      });
      return collectErrors(s);
    },

    validate: () => collectErrors(s),

    buildResponse: (build) => buildResponse(s, build?.status ?? 'completed'),
  };
  return store;
}

/** Extension and code-system URLs the questionnaire engine reads or writes. */
export const QuestionnaireUrls = {
  itemControl: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
  hidden: 'http://hl7.org/fhir/StructureDefinition/questionnaire-hidden',
  minOccurs: 'http://hl7.org/fhir/StructureDefinition/questionnaire-minOccurs',
  maxOccurs: 'http://hl7.org/fhir/StructureDefinition/questionnaire-maxOccurs',
  minLength: 'http://hl7.org/fhir/StructureDefinition/minLength',
  regex: 'http://hl7.org/fhir/StructureDefinition/regex',
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
  maxDecimalPlaces: 'http://hl7.org/fhir/StructureDefinition/maxDecimalPlaces',
  entryFormat: 'http://hl7.org/fhir/StructureDefinition/entryFormat',
  unitOption: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption',
  unit: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit',
  sliderStepValue: 'http://hl7.org/fhir/StructureDefinition/questionnaire-sliderStepValue',
  variable: 'http://hl7.org/fhir/StructureDefinition/variable',
  signatureRequired: 'http://hl7.org/fhir/StructureDefinition/questionnaire-signatureRequired',
  validationError: 'http://hl7.org/fhir/StructureDefinition/questionnaire-validationError',
  enableWhenExpression: 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression',
  calculatedExpression: 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression',
  initialExpression: 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-initialExpression',
  answerExpression: 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-answerExpression',
  answerOptionsToggleExpression:
    'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-answerOptionsToggleExpression',
  /**
   * Where a failed FHIRPath expression is recorded on the response item. A dedicated url (not
   * questionnaire-validationError) so a reloaded response does not mistake our own note for a
   * server's validation error; valueString holds 'Expression evaluation failed: {message}'.
   */
  expressionError: 'https://fhir-portal-kit.dev/StructureDefinition/expression-error',
  /** Product-specific signature-type code system for the ProofOfOrigin coding. */
  signatureType: 'https://fhir-portal-kit.dev/signature-type',
} as const;

/** Every user-visible text of the engine, replaceable through `messages`. */
export interface QuestionnaireMessages {
  required: string;
  signatureRequired: string;
  minLength: (min: number) => string;
  maxLength: (max: number) => string;
  regex: string;
  minValue: (min: string) => string;
  maxValue: (max: string) => string;
  maxDecimalPlaces: (places: number) => string;
  minOccurs: (min: number) => string;
  maxOccurs: (max: number) => string;
  wrongType: (type: string) => string;
  expressionFailed: (message: string) => string;
  notInteger: string;
  /** A contained value set ('#id') that the questionnaire does not contain. */
  valueSetNotFound: (url: string) => string;
  /** A value-set item in a store built without expandValueSet. */
  valueSetUnavailable: (url: string) => string;
  /** Expanding the value set failed (the failure itself is logged). */
  valueSetFailed: (url: string) => string;
  /** The chosen file is larger than the item's maxSize. */
  fileTooLarge: (maxBytes: number) => string;
  /** The chosen file's type is not one of the item's mimeTypes. */
  fileTypeNotAllowed: (types: readonly string[]) => string;
  /** The upload failed; `reason` is the error's message. */
  uploadFailed: (reason: string) => string;
  /** An attachment item in a store built without uploadAttachment. */
  uploadUnavailable: string;
  /** The resource search of a reference item failed; `reason` is the error's message. */
  referenceSearchFailed: (reason: string) => string;
  /** A reference item in a store built without searchResources. */
  referenceSearchUnavailable: string;
}

/** Default texts of the questionnaire engine. */
export const defaultQuestionnaireMessages: QuestionnaireMessages = {
  required: 'This field is required.',
  signatureRequired: 'Signature is required.',
  minLength: (min) => `Must be at least ${min} characters.`,
  maxLength: (max) => `Must be at most ${max} characters.`,
  regex: 'The value does not have the expected format.',
  minValue: (min) => `Must be at least ${min}.`,
  maxValue: (max) => `Must be at most ${max}.`,
  maxDecimalPlaces: (places) => `Must have at most ${places} decimal places.`,
  minOccurs: (min) => `At least ${min} answers are required.`,
  maxOccurs: (max) => `At most ${max} answers are allowed.`,
  wrongType: (type) => `The answer is not a valid ${type}.`,
  expressionFailed: (message) => `Expression evaluation failed: ${message}`,
  notInteger: 'Must be a whole number.',
  valueSetNotFound: (url) => `Value set ${url} not found.`,
  valueSetUnavailable: (url) => `No value set expansion available for ${url}.`,
  valueSetFailed: (url) => `Options could not be loaded from ${url}.`,
  fileTooLarge: (maxBytes) => `The file is larger than ${maxBytes} bytes.`,
  fileTypeNotAllowed: (types) =>
    `Allowed file types: ${new Intl.ListFormat('en', { type: 'unit', style: 'short' }).format(types)}.`,
  uploadFailed: (reason) => reason,
  uploadUnavailable: 'No attachment upload available.',
  referenceSearchFailed: (reason) => reason,
  referenceSearchUnavailable: 'No resource search available.',
};

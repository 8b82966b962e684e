// Spanish texts of the questionnaire engine (validation) and of the questionnaire form (usted).
import { formatCount, plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

const n = (count: number) => formatCount('es', count);

/** The questionnaire engine's texts in Spanish. */
export const questionnaire: Translation<'questionnaire'> = {
  required: 'Este campo es obligatorio.',
  signatureRequired: 'La firma es obligatoria.',
  minLength: (min) => `Debe tener al menos ${n(min)} ${plural('es', min, { one: 'carácter', other: 'caracteres' })}.`,
  maxLength: (max) =>
    `Debe tener como máximo ${n(max)} ${plural('es', max, { one: 'carácter', other: 'caracteres' })}.`,
  regex: 'El valor no tiene el formato esperado.',
  minValue: (min) => `Debe ser como mínimo ${min}.`,
  maxValue: (max) => `Debe ser como máximo ${max}.`,
  maxDecimalPlaces: (places) =>
    `Debe tener como máximo ${n(places)} ${plural('es', places, { one: 'decimal', other: 'decimales' })}.`,
  minOccurs: (min) =>
    plural('es', min, {
      one: 'Se requiere al menos 1 respuesta.',
      other: `Se requieren al menos ${n(min)} respuestas.`,
    }),
  maxOccurs: (max) =>
    plural('es', max, {
      one: 'Se permite como máximo 1 respuesta.',
      other: `Se permiten como máximo ${n(max)} respuestas.`,
    }),
  wrongType: (type) => `La respuesta no es un valor válido de tipo ${type}.`,
  expressionFailed: (message) => `No se pudo evaluar la expresión: ${message}`,
  notInteger: 'Debe ser un número entero.',
  valueSetNotFound: (url) => `No se encontró el conjunto de valores ${url}.`,
  valueSetUnavailable: (url) => `No hay opciones disponibles para ${url}.`,
  valueSetFailed: (url) => `No se pudieron cargar las opciones de ${url}.`,
  fileTooLarge: (maxBytes) => `El archivo supera los ${n(maxBytes)} bytes.`,
  fileTypeNotAllowed: (types) =>
    `Tipos de archivo permitidos: ${new Intl.ListFormat('es', { type: 'unit', style: 'short' }).format(types)}.`,
  uploadFailed: (reason) => reason,
  uploadUnavailable: 'No se pueden adjuntar archivos.',
  referenceSearchFailed: (reason) => reason,
  referenceSearchUnavailable: 'No se pueden buscar registros.',
};

/** The questionnaire form's texts in Spanish (the engine's among them). */
export const questionnaireForm: Translation<'questionnaireForm'> = {
  ...questionnaire,
  submit: 'Enviar',
  next: 'Siguiente',
  back: 'Atrás',
  addItem: 'Añadir elemento',
  addGroup: (groupText) => `Añadir grupo: ${groupText}`,
  remove: 'Quitar',
  loadingOptions: 'Cargando opciones…',
  loadingQuestionnaire: 'Cargando cuestionario…',
  showingFirst: (count) =>
    plural('es', count, {
      one: 'Se muestra la primera opción',
      other: `Se muestran las primeras ${n(count)} opciones`,
    }),
  noAnswersDefined: 'No hay respuestas definidas',
  selectPlaceholder: 'Seleccione una opción',
  searchPlaceholder: 'Buscar',
  nothingFound: 'No se encontraron resultados',
  otherAnswer: 'Otro',
  clearSelection: 'Borrar selección',
  selectedAnswers: (itemText) => `${itemText}: respuestas seleccionadas`,
  removeAnswer: (answerLabel) => `Quitar ${answerLabel}`,
  expressionPending: 'Calculando…',
  signature: 'Firma',
  signatureArea: 'Área para firmar',
  signatureTyped: 'O escriba su nombre completo para firmar',
  signatureLoading: 'Cargando el área de firma…',
  signatureLoadFailed: 'No se pudo cargar el área de firma.',
  tryAgain: 'Intentar de nuevo',
  clear: 'Borrar',
  uploading: 'Subiendo…',
  removeFile: 'Quitar archivo',
  requiredMark: 'obligatorio',
  unit: 'Unidad',
  pagesLabel: 'Páginas del formulario',
  stepOf: (step, total) => `Paso ${n(step)} de ${n(total)}`,
  fatalError: 'No se puede mostrar este cuestionario',
  loadNetworkError: 'No se puede conectar con el servidor. Revise su conexión e inténtelo de nuevo.',
  resumeTitle: '¿Desea continuar con sus respuestas guardadas?',
  resumeText:
    'Usted empezó este formulario antes y sus respuestas se guardaron. Continúe donde lo dejó o empiece de nuevo.',
  resume: 'Continuar',
  startOver: 'Empezar de nuevo',
  draftSaving: 'Guardando sus respuestas…',
  draftSaved: 'Sus respuestas están guardadas.',
  draftFailed: 'No se pudieron guardar sus respuestas en este momento. Siguen aquí y se guardarán cuando continúe.',
};

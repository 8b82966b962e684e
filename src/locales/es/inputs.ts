// Spanish texts of the inputs group. Codes and element names the inputs label ('home', 'birthDate',
// the search parameter 'birthdate') have words here for the common ones; any other keeps the
// English reading of the code, as the defaults give it.
import { plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

type Words = Readonly<Record<string, string>>;

/** The word for `key`, else `fallback(key)`; own keys only, so 'constructor' is not a word. */
const wordOr =
  (words: Words, fallback: (key: string) => string) =>
  (key: string): string =>
    Object.hasOwn(words, key) ? words[key] : fallback(key);

const capitalize = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

const FIELD_WORDS: Words = {
  name: 'Nombre',
  given: 'Nombres',
  family: 'Apellidos',
  birthDate: 'Fecha de nacimiento',
  birthdate: 'Fecha de nacimiento',
  gender: 'Sexo',
  telecom: 'Contacto',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  address: 'Dirección',
  identifier: 'Identificador',
  active: 'Activo',
  status: 'Estado',
  code: 'Código',
  category: 'Categoría',
  value: 'Valor',
  date: 'Fecha',
  subject: 'Paciente',
  patient: 'Paciente',
  note: 'Nota',
  text: 'Texto',
  description: 'Descripción',
  period: 'Periodo',
  _lastUpdated: 'Última actualización',
};

/** AddressInput's texts in Spanish. */
export const addressInput: Translation<'addressInput'> = {
  use: 'Uso',
  type: 'Tipo',
  line1: 'Dirección (línea 1)',
  line2: 'Dirección (línea 2)',
  city: 'Ciudad',
  state: 'Estado',
  postalCode: 'Código postal',
  more: 'Más',
  code: wordOr(
    {
      home: 'Casa',
      work: 'Trabajo',
      temp: 'Temporal',
      old: 'Anterior',
      billing: 'Facturación',
      postal: 'Postal',
      physical: 'Física',
      both: 'Ambas',
    },
    capitalize
  ),
};

/** CodeableConceptInput's texts in Spanish. */
export const codeableConceptInput: Translation<'codeableConceptInput'> = {
  nothingFound: 'No se encontraron resultados',
  searching: 'Buscando…',
  placeholder: 'Buscar',
};

/** ResourcePicker's texts in Spanish. */
export const resourcePicker: Translation<'resourcePicker'> = codeableConceptInput;

/** ReferenceInput's texts in Spanish. */
export const referenceInput: Translation<'referenceInput'> = {
  ...resourcePicker,
  resourceType: 'Tipo de recurso',
};

/** SecretInput's texts in Spanish. */
export const secretInput: Translation<'secretInput'> = { reveal: 'Mostrar', hide: 'Ocultar' };

/** CopyButton's texts in Spanish. */
export const copyButton: Translation<'copyButton'> = {
  copy: 'Copiar',
  copied: 'Copiado',
  failed: 'No se pudo copiar',
};

/** QuantityInput's texts in Spanish. */
export const quantityInput: Translation<'quantityInput'> = {
  comparator: 'Comparador',
  value: 'Valor',
  unit: 'Unidad',
  invalidNumber: 'Ingrese un número',
};

/** SearchTable's texts in Spanish. */
export const searchTable: Translation<'searchTable'> = {
  filter: 'Buscar',
  noResults: 'Sin resultados',
  loading: 'Cargando…',
  bulk: 'Acciones en lote…',
  selectAll: 'Seleccionar todo',
  selectRow: (name) => `Seleccionar ${name}`,
  previous: 'Página anterior',
  next: 'Página siguiente',
  results: (count, formatted) =>
    plural('es', count, {
      one: `${formatted} resultado`,
      many: `${formatted} de resultados`,
      other: `${formatted} resultados`,
    }),
  column: wordOr(FIELD_WORDS, (code) => capitalize(code).replace(/-/g, ' ')),
};

/** ResourceForm's texts in Spanish. */
export const resourceForm: Translation<'resourceForm'> = {
  submit: 'Guardar',
  submitting: 'Guardando…',
  saved: 'Guardado',
  failed: 'No se guardó: revise los campos marcados abajo',
  loading: 'Cargando…',
  readOnly: 'Solo lectura',
  required: 'Obligatorio',
  invalidNumber: 'Ingrese un número',
  yes: 'Sí',
  type: 'Tipo',
  add: (label) => `Agregar ${label}`,
  remove: (label) => `Quitar ${label}`,
  label: wordOr(FIELD_WORDS, (name) => capitalize(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase())),
};

/** MultiSelect's texts in Spanish. */
export const multiSelect: Translation<'multiSelect'> = {
  nothingFound: 'No se encontraron resultados',
  create: (text) => `+ Crear ${text}`,
  remove: (label) => `Quitar ${label}`,
  selected: (label) => `${label}: seleccionados`,
};

/** DateTimeInput's texts in Spanish. */
export const dateTimeInput: Translation<'dateTimeInput'> = {
  invalid: 'Ingrese una fecha y una hora completas',
};

/** HumanNameInput's texts in Spanish. */
export const humanNameInput: Translation<'humanNameInput'> = {
  use: 'Uso',
  prefix: 'Prefijo',
  given: 'Nombres',
  family: 'Apellidos',
  suffix: 'Sufijo',
  more: 'Más',
  code: wordOr(
    {
      usual: 'Habitual',
      official: 'Oficial',
      temp: 'Temporal',
      nickname: 'Apodo',
      anonymous: 'Anónimo',
      old: 'Anterior',
      maiden: 'De soltera',
    },
    capitalize
  ),
};

// Spanish texts of the display family: dialog, resource viewer, C-CDA, report, chart, attachment
// and status badge. Formal register (usted). Counted texts avoid a number before a noun whose
// form would depend on it ('Errores: {errors}'), since a template string has no plural forms.
import type { Translation } from '../translation';

/** The dialog's texts in Spanish. */
export const dialog: Translation<'dialog'> = { close: 'Cerrar' };

/** ResourceViewer's texts in Spanish. */
export const resourceViewer: Translation<'resourceViewer'> = {
  noValue: 'Sin valor',
  unknownType: 'Tipo de dato desconocido',
  // Shown only past 50 values, so always plural.
  moreValues: '... {count} valores en total',
  caption: 'Detalles',
  loading: 'Cargando…',
  yes: 'Sí',
  no: 'No',
};

/** CcdaDisplay's texts in Spanish. */
export const ccdaDisplay: Translation<'ccdaDisplay'> = {
  validate: 'Validar',
  validating: 'Validando…',
  valid: 'No se encontraron errores',
  summary: 'Errores: {errors}; advertencias: {warnings}',
  validationFailed: 'Error de validación: {status} {statusText}',
  validationError: 'Error de validación: {message}',
  results: 'Resultados de la validación',
  unreadable: 'Este documento no se puede mostrar como documento C-CDA. Descárguelo para leerlo.',
  untitled: 'Documento clínico',
  patient: 'Paciente',
  born: 'Fecha de nacimiento',
  gender: 'Sexo',
  author: 'Autor',
  organization: 'Organización',
  date: 'Fecha',
};

/** DiagnosticReportDisplay's texts in Spanish. */
export const diagnosticReport: Translation<'diagnosticReport'> = {
  test: 'Prueba',
  value: 'Valor',
  referenceRange: 'Rango de referencia',
  interpretation: 'Interpretación',
  category: 'Categoría',
  performer: 'Responsable',
  status: 'Estado',
  issued: 'Emitido el',
  performedBy: 'Realizado por',
  specimens: 'Muestras',
  notes: 'Notas',
  conclusion: 'Conclusión',
  noResults: 'Sin resultados',
  noValue: 'Sin valor',
  notFound: 'No encontrado',
  loading: 'Cargando resultados…',
  caption: 'Resultados de {report}',
  untitled: 'Informe de diagnóstico',
  high: 'Alto',
  low: 'Bajo',
  abnormal: 'Anormal',
  yes: 'Sí',
  no: 'No',
  // The status words come from the `status` family (StatusBadge).
  statuses: {},
};

/** ObservationChart's texts in Spanish. */
export const observationChart: Translation<'observationChart'> = {
  keyboardHint: 'Gráfico de {title}. Use las teclas de flecha izquierda y derecha para leer cada medición.',
  seriesSummary:
    '{label}: mediciones del {first} al {last} (total: {count}); mínima {min}, máxima {max}, última {latest}.',
  loading: 'Cargando gráfico…',
  noData: 'Todavía no hay mediciones',
  showTable: 'Mostrar los datos en una tabla',
  date: 'Fecha',
};

/** AttachmentDisplay's texts in Spanish. */
export const attachmentDisplay: Translation<'attachmentDisplay'> = {
  download: 'Descargar {name}',
  loading: 'Cargando archivo adjunto…',
  preview: 'Vista previa de {name}',
  noPreview: 'No hay vista previa disponible para este tipo de archivo.',
  unavailable: 'Este archivo adjunto no se puede mostrar.',
  // {count} is the preview's limit, thousands of characters: always plural.
  truncated: 'Se muestran los primeros {count} caracteres. Descargue el archivo para leerlo completo.',
};

/**
 * StatusBadge's words in Spanish: every code the badge colours (src/fhir/status.ts) and a few
 * other common ones; any other code would read as its English sentence.
 */
export const status: Translation<'status'> = {
  completed: 'Completado',
  final: 'Final',
  fulfilled: 'Cumplido',
  finished: 'Finalizado',
  connected: 'Conectado',
  revoked: 'Revocado',
  cancelled: 'Cancelado',
  rejected: 'Rechazado',
  failed: 'Fallido',
  noshow: 'No se presentó',
  'not-done': 'No realizado',
  urgent: 'Urgente',
  asap: 'Lo antes posible',
  stat: 'Inmediato',
  disconnected: 'Desconectado',
  'entered-in-error': 'Registrado por error',
  'on-hold': 'En espera',
  amended: 'Modificado',
  corrected: 'Corregido',
  draft: 'Borrador',
  active: 'Activo',
  inactive: 'Inactivo',
  requested: 'Solicitado',
  pending: 'Pendiente',
  booked: 'Reservado',
  scheduled: 'Programado',
  proposed: 'Propuesto',
  'in-progress': 'En curso',
  arrived: 'Llegó',
  'checked-in': 'Llegada registrada',
  preliminary: 'Preliminar',
  registered: 'Registrado',
  accepted: 'Aceptado',
  ready: 'Listo',
  received: 'Recibido',
  stopped: 'Interrumpido',
  resolved: 'Resuelto',
  unknown: 'Desconocido',
  retired: 'Retirado',
  waitlist: 'En lista de espera',
  routine: 'Rutina',
  planned: 'Planificado',
};

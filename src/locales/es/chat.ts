// Spanish texts of the secure-messaging chat (usted).
import type { Translation } from '../translation';

/** The chat in Spanish. */
export const chat: Translation<'chat'> = {
  placeholder: 'Escriba un mensaje…',
  disabledPlaceholder: 'Las respuestas están desactivadas',
  inputLabel: 'Mensaje',
  send: 'Enviar',
  unknownSender: '[Remitente desconocido]',
  you: 'Usted',
  delivered: 'Entregado',
  loading: 'Cargando mensajes…',
  loadingOlder: 'Cargando mensajes anteriores…',
  empty: 'Todavía no hay mensajes.',
  listLabel: 'Mensajes',
  disconnected: 'Se perdió la conexión del chat. Intentando volver a conectar…',
  reconnected: 'El chat se volvió a conectar.',
  noProfile: 'Error: no se encontró el perfil del usuario',
};

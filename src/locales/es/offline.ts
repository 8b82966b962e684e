// Spanish texts of the offline parts (banner, pending writes, conflict dialog, sign-out warning).
import { formatCount, plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

const changes = (count: number): string =>
  plural('es', count, { one: '1 cambio', other: `${formatCount('es', count)} cambios` });

/** The offline parts in Spanish. */
export const offline: Translation<'offline'> = {
  offline: 'No tiene conexión. El portal muestra lo que este dispositivo ha guardado.',
  offlineWaiting: (count) =>
    plural('es', count, {
      one: `No tiene conexión. ${changes(count)} se enviará cuando vuelva a estar en línea.`,
      other: `No tiene conexión. ${changes(count)} se enviarán cuando vuelva a estar en línea.`,
    }),
  sentBack: (count) =>
    plural('es', count, {
      one: `Conexión recuperada. Se envió ${changes(count)}.`,
      other: `Conexión recuperada. Se enviaron ${changes(count)}.`,
    }),
  sending: 'Enviando…',
  savedOnDevice: 'Guardado en este dispositivo; se enviará cuando vuelva a estar en línea',
  staleCopy: (date) => `Copia sin conexión del ${date}`,
  needsServer: 'Esto necesita conexión con el servidor. Vuelva a intentarlo cuando esté en línea.',
  conflictTitle: 'Su cambio no se guardó',
  conflictBody: 'Esto se modificó en el servidor mientras no tenía conexión. Elija qué versión conservar.',
  yourVersion: 'Su versión',
  serverVersion: 'En el servidor',
  field: 'Campo',
  empty: '(ninguno)',
  keepMine: 'Conservar mi versión',
  keepServer: 'Usar la versión del servidor',
  signOutPending: (count) =>
    plural('es', count, {
      one: `Tiene ${changes(count)} sin enviar. Al cerrar sesión se borrará de este dispositivo.`,
      other: `Tiene ${changes(count)} sin enviar. Al cerrar sesión se borrarán de este dispositivo.`,
    }),
  signOutAnyway: 'Cerrar sesión de todos modos',
  staySignedIn: 'Seguir conectado',
};

import { retryIn } from '../../react/locale/retryIn';
import type { Translation } from '../translation';

/** Error outcomes of the login protocol and the FHIR API, in Spanish. */
export const outcomes: Translation<'outcomes'> = {
  invalidCredentials: 'El correo electrónico o la contraseña no son válidos',
  tooManyAttempts: (wait) =>
    `Demasiados intentos; vuelva a intentarlo ${wait === undefined ? 'más tarde' : retryIn('es', wait)}`,
  serverBusy: 'El servidor está ocupado; vuelva a intentarlo en un momento',
  botCheckRequired: 'Se requiere la verificación antibots',
  botCheckFailed: 'La verificación antibots no se superó',
  botCheckExpired: 'La verificación antibots ha caducado',
  botCheckUsed: 'Esta verificación antibots ya se utilizó',
  botCheckUnreachable: 'No se pudo comprobar la verificación antibots; vuelva a intentarlo más tarde',
  invalidMfaCode: 'El código de verificación no es válido o ha caducado',
  loginRevoked: 'La sesión se ha cerrado; vuelva a iniciar sesión',
  mfaRequired: 'Se requiere la verificación en dos pasos',
  emailRegistered: 'Este correo electrónico ya está registrado',
  invalidEmail: 'Introduzca un correo electrónico válido',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  tooLong: (field, max) => `${field}: como máximo ${new Intl.NumberFormat('es').format(max)} caracteres`,
  passwordRequired: 'La contraseña es obligatoria',
  incorrectPassword: 'La contraseña no es correcta',
  resetLinkInvalid: 'Este enlace no es válido o ha caducado; solicite uno nuevo',
  tokenExpired: 'Su sesión ha caducado',
  required: (field) => `Falta un dato obligatorio: ${field}`,
  invalidValue: (field) => `El valor de ${field} no es válido`,
};

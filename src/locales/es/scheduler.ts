// Spanish texts of the appointment scheduler and its month calendar (usted).
import type { Translation } from '../translation';

/** A length in hours or minutes, e.g. '1 hora', '30 minutos'. */
const unit = (count: number, name: 'hour' | 'minute') =>
  new Intl.NumberFormat('es', { style: 'unit', unit: name, unitDisplay: 'long' }).format(count);

/** The Scheduler in Spanish. */
export const scheduler: Translation<'scheduler'> = {
  detailsLabel: 'Detalles de la cita',
  durationLabel: 'Duración',
  dateLabel: 'Fecha',
  timeLabel: 'Hora',
  duration: (minutes) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (!hours) return unit(rest, 'minute');
    return rest ? `${unit(hours, 'hour')} y ${unit(rest, 'minute')}` : unit(hours, 'hour');
  },
  chosenTime: (time, timeZone) => `${time} (${timeZone})`,
  selectDate: 'Elija la fecha',
  selectTime: 'Elija la hora',
  timesShownIn: (timeZone) => `Horas en la zona ${timeZone}`,
  questionsHeading: 'Algunas preguntas',
  loadingQuestions: 'Cargando las preguntas…',
  questionsLoadError: 'No se pudieron cargar las preguntas.',
  next: 'Siguiente',
  confirmHeading: 'Confirme su cita',
  confirm: 'Confirmar cita',
  booking: 'Reservando…',
  bookedHeading: '¡Todo listo!',
  bookedText: 'Revise su correo electrónico: le enviamos una invitación de calendario.',
  changeDate: 'Cambiar fecha',
  changeTime: 'Cambiar hora',
  changeAnswers: 'Cambiar respuestas',
  loading: 'Cargando horarios disponibles…',
  loadError: 'No se pudieron cargar los horarios disponibles.',
  calendarLoadError: 'No se pudo cargar el calendario.',
  tryAgain: 'Intentar de nuevo',
  noSchedule: 'No hay ninguna agenda para reservar.',
  noActor: 'Esta agenda no tiene un profesional con quien reservar.',
  noTimesThisMonth: 'No hay horarios disponibles este mes. Pruebe con el mes siguiente.',
  noTimesThisDay: 'No quedan horarios este día. Elija otra fecha.',
  taken: 'Alguien acaba de reservar ese horario. Elija otro.',
  bookingError: 'No se pudo reservar la cita. Inténtelo de nuevo.',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
};

/** The MonthCalendar in Spanish; the weekday headers and the caption come from Intl. */
export const monthCalendar: Translation<'monthCalendar'> = {
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  dayLabel: (day, { today, selected }, { locale, timeZone }) => {
    const date = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(day);
    return `${today ? 'Hoy, ' : ''}${date}${selected ? ', seleccionado' : ''}`;
  },
};

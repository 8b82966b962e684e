// Arabic texts (Modern Standard Arabic) of the appointment scheduler and its month calendar.
import type { Translation } from '../translation';

/** A length in hours or minutes, e.g. 'ساعتان', '30 دقيقة' (Intl chooses Arabic's forms). */
const unit = (count: number, name: 'hour' | 'minute') =>
  new Intl.NumberFormat('ar', { style: 'unit', unit: name, unitDisplay: 'long' }).format(count);

/** The Scheduler in Arabic. */
export const scheduler: Translation<'scheduler'> = {
  detailsLabel: 'تفاصيل الموعد',
  durationLabel: 'المدة',
  dateLabel: 'التاريخ',
  timeLabel: 'الوقت',
  duration: (minutes) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (!hours) return unit(rest, 'minute');
    return rest ? `${unit(hours, 'hour')} و${unit(rest, 'minute')}` : unit(hours, 'hour');
  },
  chosenTime: (time, timeZone) => `${time} (${timeZone})`,
  selectDate: 'اختر التاريخ',
  selectTime: 'اختر الوقت',
  timesShownIn: (timeZone) => `الأوقات معروضة بتوقيت ${timeZone}`,
  questionsHeading: 'بعض الأسئلة',
  loadingQuestions: 'جارٍ تحميل الأسئلة…',
  questionsLoadError: 'تعذّر تحميل الأسئلة.',
  next: 'التالي',
  confirmHeading: 'أكّد موعدك',
  confirm: 'تأكيد الموعد',
  booking: 'جارٍ الحجز…',
  bookedHeading: 'تم حجز موعدك!',
  bookedText: 'تحقّق من بريدك الإلكتروني للاطلاع على دعوة التقويم.',
  changeDate: 'تغيير التاريخ',
  changeTime: 'تغيير الوقت',
  changeAnswers: 'تغيير الإجابات',
  loading: 'جارٍ تحميل الأوقات المتاحة…',
  loadError: 'تعذّر تحميل الأوقات المتاحة.',
  calendarLoadError: 'تعذّر تحميل التقويم.',
  tryAgain: 'إعادة المحاولة',
  noSchedule: 'لا يوجد جدول مواعيد للحجز منه.',
  noActor: 'لا يوجد مقدّم رعاية في هذا الجدول للحجز معه.',
  noTimesThisMonth: 'لا توجد أوقات متاحة هذا الشهر. جرّب الشهر التالي.',
  noTimesThisDay: 'لم تتبقَّ أوقات في هذا اليوم. يُرجى اختيار تاريخ آخر.',
  taken: 'تم حجز هذا الوقت للتو. يُرجى اختيار وقت آخر.',
  bookingError: 'تعذّر حجز الموعد. يُرجى المحاولة مرة أخرى.',
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
};

/** The MonthCalendar in Arabic; the weekday headers and the caption come from Intl. */
export const monthCalendar: Translation<'monthCalendar'> = {
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  dayLabel: (day, { today, selected }, { locale, timeZone }) => {
    const date = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(day);
    return `${today ? 'اليوم، ' : ''}${date}${selected ? '، محدد' : ''}`;
  },
};

// The preferred-pharmacy choice in every portal language (portal.md gives the English).
import { defineText } from '../i18n/useText';

/** The texts of the preferred-pharmacy section of account/provider. */
export const pharmacyText = defineText({
  en: {
    title: 'Preferred pharmacy',
    current: (pharmacy: string) => `We send your prescriptions to ${pharmacy}.`,
    none: 'You have not chosen a pharmacy yet. Choose where we send your prescriptions.',
    loading: 'Loading…',
    empty: 'The clinic has no pharmacies to choose from.',
    legend: 'Pharmacy',
    save: 'Save pharmacy',
    savedTitle: 'Success',
    saved: 'Preferred pharmacy saved',
  },
  es: {
    title: 'Farmacia preferida',
    current: (pharmacy: string) => `Enviamos sus recetas a ${pharmacy}.`,
    none: 'Todavía no ha elegido una farmacia. Elija a dónde enviamos sus recetas.',
    loading: 'Cargando…',
    empty: 'La clínica no tiene farmacias para elegir.',
    legend: 'Farmacia',
    save: 'Guardar farmacia',
    savedTitle: 'Listo',
    saved: 'Se guardó su farmacia preferida',
  },
  ar: {
    title: 'الصيدلية المفضلة',
    current: (pharmacy: string) => `نرسل وصفاتك الطبية إلى ${pharmacy}.`,
    none: 'لم تختر صيدلية بعد. اختر المكان الذي نرسل إليه وصفاتك الطبية.',
    loading: 'جارٍ التحميل…',
    empty: 'لا توجد لدى العيادة صيدليات للاختيار منها.',
    legend: 'الصيدلية',
    save: 'احفظ الصيدلية',
    savedTitle: 'تم بنجاح',
    saved: 'حُفظت صيدليتك المفضلة',
  },
});

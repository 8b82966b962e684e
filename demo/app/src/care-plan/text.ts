// The care plan section in every portal language (portal.md gives the English).
import { defineText } from '../i18n/useText';

/** The texts of care-plan/ and its action items. */
export const carePlanText = defineText({
  en: {
    menuLabel: 'Care plan',
    actionItems: 'Action Items',
    loading: 'Loading…',
    noItems: 'No action items.',
    actionItem: 'Action item',
    backToActionItems: 'Back to Action Items',
    author: 'Author',
    category: 'Category',
    start: (date: string) => `Start ${date}`,
    end: (date: string) => `End ${date}`,
    forms: { screening: 'Open the screening form', intake: 'Open the intake form' },
  },
  es: {
    menuLabel: 'Plan de atención',
    actionItems: 'Tareas pendientes',
    loading: 'Cargando…',
    noItems: 'No hay tareas pendientes.',
    actionItem: 'Tarea pendiente',
    backToActionItems: 'Volver a las tareas pendientes',
    author: 'Autor',
    category: 'Categoría',
    start: (date: string) => `Inicio: ${date}`,
    end: (date: string) => `Fin: ${date}`,
    forms: { screening: 'Abrir el formulario de evaluación', intake: 'Abrir el formulario de admisión' },
  },
  ar: {
    menuLabel: 'خطة الرعاية',
    actionItems: 'بنود العمل',
    loading: 'جارٍ التحميل…',
    noItems: 'لا توجد بنود عمل.',
    actionItem: 'بند عمل',
    backToActionItems: 'العودة إلى بنود العمل',
    author: 'المؤلف',
    category: 'الفئة',
    start: (date: string) => `البداية: ${date}`,
    end: (date: string) => `النهاية: ${date}`,
    forms: { screening: 'افتح نموذج الفحص', intake: 'افتح نموذج التسجيل' },
  },
});

// The Arabic texts of the display, notifications and inputs groups as a patient sees them: each
// family handed to LocaleProvider reaches a component of its group, counts take Arabic's forms.
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bundle, Patient } from '../../fhir';
import { ObservationChart } from '../../react/display/ObservationChart';
import { ErrorBoundary } from '../../react/errors/ErrorBoundary';
import { SearchTable, type BundleSearch } from '../../react/inputs/SearchTable';
import { LocaleProvider } from '../../react/locale/LocaleProvider';
import { observationChart } from './display';
import { searchTable } from './inputs';
import { errorBoundary } from './notifications';

const inArabic = (children: ReactNode) => (
  <LocaleProvider locale="ar" messages={{ observationChart, errorBoundary, searchTable }}>
    {children}
  </LocaleProvider>
);

describe('Arabic texts of the display, notifications and inputs groups', () => {
  it('names the chart and its keys in Arabic, and lays it out right to left', () => {
    const weight = [{ label: 'الوزن', points: [{ date: '2024-05-01T10:00:00Z', value: 70 }] }];
    render(inArabic(<ObservationChart title="الوزن" series={weight} unit="kg" width={600} />));
    expect(screen.getByRole('figure', { name: 'الوزن' })).toHaveAttribute('dir', 'rtl');
    expect(
      screen.getByRole('group', { name: 'مخطط الوزن. استخدم مفتاحَي السهم الأيمن والأيسر لقراءة كل قياس.' })
    ).toBeInTheDocument();
    expect(screen.getByText('عرض البيانات في جدول')).toBeInTheDocument();
  });

  describe('when a part of the page fails', () => {
    let consoleError: ReturnType<typeof vi.spyOn>;
    beforeEach(() => {
      consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    });
    afterEach(() => consoleError.mockRestore());

    it('says so in Arabic and offers to try again', () => {
      const Failing = () => {
        throw new Error('Boom');
      };
      render(
        inArabic(
          <ErrorBoundary>
            <Failing />
          </ErrorBoundary>
        )
      );
      expect(screen.getByRole('heading', { name: 'حدث خطأ ما' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
    });
  });

  describe("when a search table shows the server's count", () => {
    const patient: Patient = { resourceType: 'Patient', id: 'a', name: [{ given: ['Layla'], family: 'Haddad' }] };
    const count = (n: number) => new Intl.NumberFormat('ar').format(n);

    it.each([
      [2, 'نتيجتان'],
      [3, `${count(3)} نتائج`],
      [11, `${count(11)} نتيجة`],
      [100, `${count(100)} نتيجة`],
    ])('counts %i matches in the form Arabic gives that number', async (total, text) => {
      const bundle: Bundle = { resourceType: 'Bundle', type: 'searchset', total, entry: [{ resource: patient }] };
      const search = vi.fn<BundleSearch>(async () => bundle);
      render(inArabic(<SearchTable label="المرضى" resourceType="Patient" columns={['name']} search={search} />));
      expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
      const table = screen.getByRole('table', { name: 'المرضى' });
      expect(within(table).getByRole('columnheader', { name: 'الاسم' })).toBeInTheDocument();
    });
  });
});

// The patients table's Bulk action: the selected rows as a CSV file the browser downloads.
import { formatHumanName, type Patient, type Resource } from 'fhir-portal-kit';

/** One CSV field: quoted when it holds a comma, a quote or a line break; a leading formula sign is defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text of patients: id, name, birth date, gender, phone, email. */
export function patientsCsv(resources: readonly Resource[]): string {
  const rows = resources
    .filter((r): r is Patient => r.resourceType === 'Patient')
    .map((p) => [
      p.id ?? '',
      p.name?.[0] ? formatHumanName(p.name[0]) : '',
      p.birthDate ?? '',
      p.gender ?? '',
      p.telecom?.find((t) => t.system === 'phone')?.value ?? '',
      p.telecom?.find((t) => t.system === 'email')?.value ?? '',
    ]);
  return [['id', 'name', 'birthDate', 'gender', 'phone', 'email'], ...rows]
    .map((row) => row.map(csvField).join(','))
    .join('\r\n');
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

import { throwError } from '../../fhir/outcomes';
import type { Binary } from '../../fhir/types';
import type { CreateBinaryOptions } from '../binary';
import type { CreatePdfFunction } from '../options';
import { ContentType, type RequestOptions } from '../transport';

/** Options for createPdf. */
export interface CreatePdfOptions {
  docDefinition: any;
  filename?: string;
  tableLayouts?: any;
  fonts?: any;
  onProgress?: (event: ProgressEvent) => void;
}

/** The part of FhirClient createPdf uses: its Binary upload. */
export interface PdfClient {
  createBinary(options: CreateBinaryOptions, requestOptions?: RequestOptions): Promise<Binary | undefined>;
}

/**
 * Makes a PDF with the client's createPdf option and uploads it as a Binary; throws 'PDF creation
 * not enabled' without the option. Takes the object form (options, requestOptions) or
 * MedplumClient's positional form (docDefinition, filename, tableLayouts, fonts).
 */
export async function createPdf(
  client: PdfClient,
  impl: CreatePdfFunction | undefined,
  arg1: any,
  arg2?: any,
  arg3?: any,
  arg4?: any
): Promise<Binary> {
  if (!impl) throwError('PDF creation not enabled', 'not-supported');
  const objectForm = arg1 && typeof arg1 === 'object' && 'docDefinition' in arg1;
  const pdf: CreatePdfOptions = objectForm
    ? arg1
    : { docDefinition: arg1, filename: arg2, tableLayouts: arg3, fonts: arg4 };
  const blob = await impl(pdf.docDefinition, pdf.tableLayouts, pdf.fonts);
  return client.createBinary(
    { data: blob, filename: pdf.filename, contentType: ContentType.PDF, onProgress: pdf.onProgress },
    objectForm ? arg2 : undefined
  ) as Promise<Binary>;
}

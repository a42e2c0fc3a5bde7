import { isReportChangeType, type ReportChangeType } from '@linkwatch/shared';
import { FieldError } from '../../errors.ts';

/** The `{type}` of `reports/changes/{type}`, read after the query (its page) as it always was. */
export function readChangeTypeParam(type: string): ReportChangeType {
  if (!isReportChangeType(type)) throw new FieldError({ type: 'validation.invalid' });
  return type;
}

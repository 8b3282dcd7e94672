/**
 * Pure helpers of the admin screens: how enquiry values read in the details modal, the mail
 * draft link, dates, which page to show after a delete, the lists' search state in the
 * page URL, the texts of counts, of erasing one person, of the e-mails not delivered and of the
 * audit log.
 *
 * The components and hooks import them from here, the unit tests from each module. The bundle
 * places a module's code where it is first imported, so this list keeps the order the helpers
 * had in their one file before (src/lib/admin-display.ts), and the dashboard's script with it.
 */
export {
  NOT_AVAILABLE,
  displayValue,
  enquiryDetailGroups,
  fieldValue,
  enquiryDetailRows,
  formatDate,
  languageName,
  mailtoHref,
  type DetailGroup,
  type DetailRow,
} from './values';
export { sourceRows } from './values';
export { formatPhone } from './phone';
export { pageButtons, pageCount, pageWithin } from './pagination';
export {
  SORT_LABELS,
  conflictMessage,
  headerSort,
  noteCount,
  sortByStatus,
  type StatusSort,
} from './follow-up';
export { emptyValues, parseValues, readListView, writeListView, type ListView } from './list-view';
export {
  ENQUIRY_NOUN,
  MESSAGE_NOUN,
  listSummary,
  newCountsText,
  noMatch,
  plural,
  type Noun,
} from './counts';
export {
  NO_RECORDS_FOR_ADDRESS,
  eraseButton,
  eraseQuestion,
  erased,
  erasureFound,
  erasureKind,
  erasureName,
  previewTotal,
} from './erasure';
export { indexNotice } from './notices';
export {
  lastErrorText,
  leadKindName,
  mailKindText,
  mailState,
  nextTryText,
  retryOutcome,
  undeliveredLine,
} from './outbox';
export { BACKUP_UNREAD, backupMessage, type BackupMessage } from './backup';
export {
  AUDIT_CSV_PARTIAL,
  AUDIT_KEPT_MONTHS,
  NO_AUDIT_FILTERS,
  auditEmpty,
  auditEventLabel,
  auditEventOptions,
  auditFiltered,
  auditSummary,
  auditTarget,
} from './audit';

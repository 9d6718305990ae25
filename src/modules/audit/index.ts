/**
 * The audit module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { auditInsertFrom, listSettingChanges, recordAudit, recordAudits } from "./audit.repository.js";
export type { AuditActor, AuditEntryInput, AuditExportRow, SettingChange } from "./audit.repository.js";
export { auditRoutes } from "./audit.routes.js";
export { auditEntrySchema, auditFilterFields } from "./audit.schemas.js";
export { createAuditService } from "./audit.service.js";
export type { AuditService } from "./audit.service.js";

/**
 * Tables: a list of objects (line items) read as the rows of a printed table whose column headers match the
 * object's fields. Not a FieldKind (it reads many fields at once); the extractor calls it for arrays of objects.
 */
export { extractTable } from './tables.js';

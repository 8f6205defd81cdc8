import type { ResourceApi } from '../providers/dataProvider';
import type { Choice } from '../src/domain/enums';
import type { ReferenceKind } from '../src/domain/references';
import type { ValidatorName } from '../src/domain/validation';

export type { ValidatorName };

/**
 * One entity view's declaration: plain data (no React), read by the web app's generator and by the
 * server, which takes its filter keys, sort fields and permission codes from here so the two cannot drift.
 */
/**
 * 'image' and 'file' are uploads (POST /api/v1/common/uploadfiles); the record keeps the returned url.
 * 'month' is a China-time month 'YYYY-MM' (a period such as 所属期): shown and typed as that text, exported as a date
 * cell showing yyyy-mm, as every date in a file is a date.
 * 'reference' is the id of another record (`reference` names its kind): a searchable picker showing names, and as
 * a column the name the server joins in (`nameSource`), never the id.
 * 'rate' is a service-charge rate the API keeps as an integer in 1/10000 (600): shown as 6.00%, typed as a percentage
 * (6 or 6.5, up to two decimals), exported as a 0.00% number cell, all through src/domain/rates.ts.
 */
export type FieldType =
  | 'text'
  | 'longtext'
  | 'number'
  | 'money'
  | 'rate'
  | 'datetime'
  | 'date'
  | 'month'
  | 'enum'
  | 'image'
  | 'file'
  | 'reference';

export type { ReferenceKind };

export interface FieldDeclaration {
  source: string;
  label: string;
  type: FieldType;
  choices?: readonly Choice[];
  /** Shown as a list column (default true). */
  list?: boolean;
  /** A list column hidden until the user picks it in the column chooser (still exported). */
  hidden?: boolean;
  /** Sortable column; the server allows exactly these sort fields. */
  sortable?: boolean;
  /** In the create / edit form (default false). */
  form?: boolean;
  required?: boolean;
  validate?: ValidatorName;
  /** Shown on the form but not editable. */
  readOnly?: boolean;
  /** A secret (a password, a key): the operation log records that it changed, never its value. */
  secret?: boolean;
  /**
   * For 'file' uploads: the field that receives the original file name (e.g. annexName). For references: the
   * field carrying the referenced record's name (a join of the binding), shown in lists and show views.
   */
  nameSource?: string;
  /** For 'longtext': a Markdown editor (image upload, server-rendered sanitised preview at `previewPath`). */
  editor?: { kind: 'markdown'; previewPath: string };
  /** Choices kept as data: GET this path answers [{ id, name }] (a picker that shows names, never typed ids). */
  choicesFrom?: string;
  /** For 'reference' fields: what the id refers to (src/domain/references.ts). */
  reference?: ReferenceKind;
  /**
   * For 'reference' fields: offer only records of the edition in this form field (e.g. platformMark), or of this
   * edition when it is a number (a page fixed to one edition, whose form has no edition field).
   */
  referenceEdition?: string | number;
}

export interface FilterDeclaration {
  /** The q= key. */
  key: string;
  label: string;
  type: 'text' | 'enum' | 'dateRange' | 'number' | 'reference';
  /** For 'reference' filters: the kind of record picked by name; the q= value is its id. */
  reference?: ReferenceKind;
  /** For date ranges: `key` is the start, `endKey` the end (e.g. stime / etime). */
  endKey?: string;
  choices?: readonly Choice[];
  /** As FieldDeclaration.choicesFrom, for a 'number' filter. */
  choicesFrom?: string;
  alwaysOn?: boolean;
}

export interface ActionDeclaration {
  /** A stable name, also the custom component's key if the action needs one. */
  name: string;
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  /**
   * Path with :id; any other `:name` is the row's field of that name, or the prompt's answer of that name (e.g.
   * `/enterprises/:id/industry/:industryId/delete` with an industryId prompt).
   */
  path: string;
  confirm?: string;
  /** The toast after it succeeds (default 「<label>成功」). */
  success?: string;
  permissions?: readonly string[];
  /** JSON body sent with the call (e.g. { status: 0 }). */
  body?: Record<string, unknown>;
  /** Query parameters sent with the call (e.g. { status: 0 } for PATCH /subsidiaries/:id?status=0). */
  query?: Record<string, string | number>;
  /**
   * Values taken from the row, sent as query parameters for a GET and in the body otherwise: parameter name →
   * the row's field (e.g. { bacc: 'accountNumber' } for GET …/bank/balance?bacc=; { id: 'id' } for
   * PUT /api/v1/companies/workscene { id, workScene }, a call that names its record in the body).
   */
  recordValues?: Record<string, string>;
  /** Show the button only on rows where record[field] equals one of the values. */
  visibleWhen?: { field: string; in: readonly (string | number)[] };
  /** Inputs shown in the confirm dialog; their values are added to the body (e.g. a rejection reason). */
  prompt?: readonly ActionPromptField[];
  /**
   * What the answer carries for the user: `link` shows content[field] (a path of this site becomes a full
   * address) in a dialog with a copy button (a signing link); `file` means the call answers a file, which is
   * downloaded under the server's name; `values` shows the answer read-only in a dialog (ValuesResult).
   */
  result?: { kind: 'link'; field: string; title: string } | { kind: 'file' } | ValuesResult;
}

/**
 * A read call's answer shown in a dialog titled `title` (generator/ValuesDialog.tsx): an object as label / value
 * pairs of `fields`, an array as a table with `fields` as its columns (empty: `empty`). Values read as list cells
 * do (cellText: money in yuan with two decimals and thousands separators, enums by name).
 */
export interface ValuesResult {
  kind: 'values';
  title: string;
  fields: readonly FieldDeclaration[];
  /** Where an answer's rows are, when the array is not the answer itself (e.g. 'content' of a page). */
  key?: string;
  empty?: string;
}

/** A toolbar button of a list that reads `path` (GET) and shows the answer in a values dialog. */
export interface ListCallDeclaration {
  name: string;
  label: string;
  path: string;
  /** Default: the list's own codes. */
  permissions?: readonly string[];
  result: ValuesResult;
}

/**
 * One input of an action's dialog. 'choice' is a select of `choices` (or of `choicesFrom`, a GET answering
 * [{ id, name }]); 'search' picks a row of another system's list by name (`search`), the body carrying its id as
 * that list gives it (a CRM institution's text id).
 */
export interface ActionPromptField {
  source: string;
  label: string;
  type: 'text' | 'number' | 'reference' | 'choice' | 'search';
  required?: boolean;
  /** For 'reference' prompts: the kind of record picked by name; the body carries its id. */
  reference?: ReferenceKind;
  /** For 'reference' prompts: offer only records of the edition in this field of the row (e.g. platformMark). */
  referenceEdition?: string;
  /** For 'reference' prompts: several records, the body carrying their ids as an array (it may be empty). */
  multiple?: boolean;
  choices?: readonly Choice[];
  choicesFrom?: string;
  /** For 'search' prompts: GET path answering a page of rows (q=name:…), and the keys of a row's id and name. */
  search?: { path: string; id: string; name: string };
  /**
   * The dialog opens with the record's current value: `field` of the row itself, or of the answer of GET `path`
   * (:id = the record; the whole answer without `field`); an array of records stands for their ids.
   */
  current?: { path?: string; field?: string };
}

export interface ResourceDeclaration {
  /** The route without its slash, e.g. 'adMerchant'. */
  name: string;
  /** Chinese name of the records, e.g. '企业'. */
  label: string;
  api: ResourceApi;
  /** Permission codes per operation; list defaults to the route's codes in src/domain/routes.ts. */
  permissions: {
    list: readonly string[];
    create?: readonly string[];
    edit?: readonly string[];
    delete?: readonly string[];
  };
  fields: readonly FieldDeclaration[];
  filters: readonly FilterDeclaration[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  pageSizes?: readonly number[];
  actions?: readonly ActionDeclaration[];
  /** Read-only calls about the list as a whole, as toolbar buttons (e.g. the sub-accounts being closed). */
  listCalls?: readonly ListCallDeclaration[];
  /**
   * The create form's fields, when a record is created with other fields than it is edited with (a company is
   * created with its credit code and subsidiary; its invoice details are edited later). Default: the form fields.
   */
  createFields?: readonly FieldDeclaration[];
  /** Values every create sends besides the form's (a twin page's fixed edition). */
  createBody?: Readonly<Record<string, string | number>>;
  /** Which generated views exist (show: a detail page, the list's row click, with `related` panels below). */
  views: { create?: boolean; edit?: boolean; show?: boolean };
  /** Panels of the show view: what a record has beyond its row, read from one GET each (`:id` = the record). */
  related?: readonly RelatedPanel[];
  /** Field used to name one record (titles, confirmations). */
  recordTitle: string;
  /**
   * A web-only component replacing the generated list, by its key in resources/custom/index.ts (for
   * views the generator cannot express, e.g. a merchant's notice inbox). Keep the declaration data.
   */
  customList?: string;
  /**
   * A view shown inside another route's page (e.g. a page's second tab): the route (without its slash) whose access,
   * title and breadcrumb it follows. It has no page of its own: its list address opens that route's page.
   */
  route?: string;
  /**
   * Each record's document (a contract's PDF, a paper scan): `file` is a GET path with :id answering the file
   * (inline; `?download=1` attached), `zip` a POST path taking { ids } and answering the selected rows' files as
   * one zip. The list then offers 预览 and 下载 on each row and 打包下载 for the selected rows.
   */
  documents?: { file: string; zip: string };
  /** The custom list renders GeneratedList with this declaration's own list request, so the first paint (src/boot) draws its rows too. */
  customListFirstPaint?: boolean;
  /** The custom list passes its own row actions to GeneratedList (renderActions): the first paint keeps their column. */
  customRowActions?: boolean;
}

/**
 * One panel of a show view: declared data (DataPanel) or, for what the panel model cannot express (a paged,
 * filtered table of a batch's items), a web-only component by its key in resources/custom/panels.ts that
 * receives the shown record from the record context.
 */
export type RelatedPanel = DataPanel | ComponentPanel;

export interface ComponentPanel {
  label: string;
  component: string;
}

/**
 * `path` answers an object; `key` picks the panel's part of it (panels sharing a path are read once): an array
 * is a table of `fields`, an object one record shown as label / value pairs.
 */
export interface DataPanel {
  label: string;
  path: string;
  key: string;
  fields: readonly FieldDeclaration[];
  /** Where a row of the table opens (`:id` = the row's id), e.g. a batch's detail page. */
  rowLink?: string;
}

/** The q= keys a declaration accepts (date ranges contribute both keys). */
export function filterKeys(declaration: Pick<ResourceDeclaration, 'filters'>): string[] {
  return declaration.filters.flatMap((filter) => (filter.endKey ? [filter.key, filter.endKey] : [filter.key]));
}

export function sortFields(declaration: Pick<ResourceDeclaration, 'fields'>): string[] {
  return declaration.fields.filter((field) => field.sortable).map((field) => field.source);
}

/** Page sizes offered by a list; the first is the default (spec: 10, 50, 100, 200 unless it says otherwise). */
export function listPageSizes(declaration: Pick<ResourceDeclaration, 'pageSizes'>): readonly number[] {
  return declaration.pageSizes ?? [10, 50, 100, 200];
}

/** The fields that are list columns, in column order (the action column, when there is one, follows). */
export function listFields(declaration: Pick<ResourceDeclaration, 'fields'>): FieldDeclaration[] {
  return declaration.fields.filter((field) => field.list !== false);
}

/**
 * Lists the first paint (src/boot) can draw before the app loads: generated lists, and custom lists that render
 * the generated list with the same request (customListFirstPaint); other custom lists draw their rows themselves.
 */
export function hasFirstPaint(declaration: Pick<ResourceDeclaration, 'customList' | 'customListFirstPaint'>): boolean {
  return !declaration.customList || declaration.customListFirstPaint === true;
}

import type { Expression, ExpressionBuilder, RawBuilder, SqlBool } from 'kysely';
import type { ResourceDeclaration } from '../../resources/types';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { FieldCheck } from '../http/fieldChecks';

/**
 * The server side of a declared resource: what the engine needs besides the declaration to serve its API.
 * A plain entity is this object and nothing else; see server/engine/README.md.
 */
export interface ResourceBinding {
  declaration: ResourceDeclaration;
  /** The table the records live in. */
  table: keyof Database & string;
  /**
   * Field source → qualified column where the column is not `<table>.<snake_case source>` (e.g. a joined
   * display column `departments.name`). Joined columns are read-only.
   */
  columns?: Readonly<Record<string, string>>;
  /** LEFT JOINs for read-only display columns: `{ table: 'departments', on: ['departments.id', 'subsidiaries.department_id'] }`. */
  joins?: readonly { table: keyof Database & string; on: readonly [string, string] }[];
  /** Read-only record keys selected as SQL (a flag derived from a column, a column the declaration does not show); never sorted, filtered or written. */
  computed?: Readonly<Record<string, RawBuilder<unknown>>>;
  /** Declared operations ('list', 'one', 'create', 'update', 'delete') and action names a hand-written route beside the binding serves: the engine leaves them out. */
  handWritten?: readonly string[];
  /** Record keys the operation log shows only as changed, never their values, besides the declaration's `secret` fields (a column the declaration does not show). */
  secretFields?: readonly string[];
  /** Who sees which rows (DESIGN §4). Default: everyone who holds the route's codes sees every row. */
  scope?: ScopeRule;
  /** A page with a code per edition (e.g. UI_FEEDBACK_BOX / UI_FEEDBACK_BOX_XGM): rows of an edition (`column`) only for holders of its codes, on top of `scope`; role 1 sees all. */
  editionCodes?: { column: string; codes: Readonly<Record<number, readonly string[]>> };
  /** Column values every row of this view has (one edition's or one list's view of a shared table): reads see only those rows, new rows get them. */
  fixed?: Readonly<Record<string, string | number>>;
  /** A condition every row of this read-only view meets beyond `fixed` (e.g. workers of upload-enabled enterprises); applied to every read like `fixed`. The read of one record is compiled once per database (server/db/fixedQuery.ts): a value of the moment (today's date) belongs in the SQL, not in JavaScript. */
  where?: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
  // Views of one table may declare the same record paths (one, update, delete): the engine serves each path once, for the view whose fixed values the record has.
  /** How a q= key matches, where the default (by the filter's declared type, on the field of the same name) does not fit. */
  filters?: Readonly<Record<string, FilterBinding>>;
  /** Column timestamps the engine fills in China time. */
  timestamps?: { create?: string; update?: string };
  /** Column values of a new row besides the form's (e.g. `{ status: 1 }`, or the operator's id). */
  insertDefaults?: (context: WriteContext) => Record<string, unknown>;
  /** Longest text per form field (code points), for fields whose validator does not bound them. */
  maxChars?: Readonly<Record<string, number>>;
  /** Form values rewritten before the declared validators see them (an id card upper-cased, a date cut to its day). */
  normalize?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** Checks beyond the declared validators (a length with the entity's message, an existence lookup). */
  checks?: (context: WriteContext) => Readonly<Record<string, FieldCheck>>;
  /** A field whose value is unique (a unique index backs it): the message for a taken value. */
  unique?: { field: string; message: string };
  /** Runs inside the write's transaction before it; may refuse (fail()) or add column values. */
  beforeSave?: (context: WriteContext, values: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;
  /** Runs inside every write's transaction after it (create, update, delete, actions), e.g. to bump a cache version. */
  afterWrite?: (context: WriteContext) => Promise<void>;
  /** Refuse a delete while the row is in use; checked in the DELETE statement itself, so nothing slips in between. */
  deleteGuard?: { unlessUsed: (eb: ExpressionBuilder<any, any>, id: number) => Expression<SqlBool>; message: string };
  /**
   * How a read row is shown (list, one record, export), for stored values that need words the SQL cannot give
   * (the operation log's page, action and changes). Reads only; filters and sorting still use the columns.
   */
  present?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** false: no GET /api/v1/exports/:name for this list (listExport.ts); by default every declared list exports. */
  export?: false;
  /** Row actions by the declaration's action name (status changes, publish, void, ...). */
  actions?: Readonly<Record<string, ActionBinding>>;
  messages: {
    /** e.g. 行业不存在 */
    notFound: string;
    /** Success message of a create; default 新增成功. */
    created?: string;
    /** Success message of a delete; default 删除成功. */
    deleted?: string;
    /** 403 for a caller without the operation's codes (also on a path several views share); default 无权限访问此页面！. */
    denied?: string;
    /** The id's name in 「…格式不正确」, e.g. 行业编号. */
    idLabel: string;
    /** 403 for a record outside the caller's scope; default 无权访问该记录. */
    outOfScope?: string;
    /** A request to an action route that matches none of its declared actions (e.g. a bad ?status=). */
    unknownAction?: string;
  };
}

/**
 * Data scope of the rows:
 * - `company`: `column` holds a company id; merchants see their own company, staff the companies of their
 *   role's data scope;
 * - `department`: `column` holds a department id; department-scoped staff see their departments, merchants nothing;
 * - `edition`: `column` holds the platform mark; each session sees its own edition's rows;
 * - `signingEntity`: `column` holds a signing entity's (主体) platform mark; each caller sees the entities of the
 *   editions it reaches (auth/scope.ts editionsOf: a merchant its session's, staff its role's).
 * Company and department scopes follow the caller's role's data scope (src/domain/dataScope.ts).
 */
export type ScopeRule =
  | { kind: 'company'; column: string }
  | { kind: 'department'; column: string }
  | { kind: 'edition'; column: string }
  | { kind: 'signingEntity'; column: string }
  // `everyCompany`: platform records that may carry any company's data and name none (the raw third-party call
  // log): only a caller whose data scope holds every company reads them; `column` is the row's id.
  | { kind: 'everyCompany'; column: string }
  // `partner`: `column` holds a partner's user id; department-scoped staff see rows of partners in their departments.
  | { kind: 'partner'; column: string };

export interface FilterBinding {
  /** The qualified column the key filters on. */
  column: string;
  /**
   * text: contains (default) | equals | upper-case equals-contains | prefix (starts with: an index range) | ids (a
   * comma-separated id list, any of them; anything but positive whole numbers is refused); number/enum: equals.
   */
  match?: 'contains' | 'equals' | 'containsUpper' | 'prefix' | 'ids';
  /** Rewrites a text filter's value before it is matched (an ID number to its keyed lookup hash). */
  rewrite?: (value: string) => string;
}

export interface WriteContext {
  db: Db;
  auth: AuthContext;
  /** The record's id on update, delete and actions. */
  id?: number;
  /** The request body (after the engine's own checks). */
  body: Record<string, unknown>;
  query: Record<string, unknown>;
}

/**
 * A row action claims the row before it does anything else that lasts: its UPDATE (set + guard) runs first and
 * only the call that changed the row goes on; a parallel call waits on the row, then finds the guard false and is
 * refused. So `beforeUpdate` only checks and locks (it writes nothing), and every side effect is in `afterClaim`.
 */
export interface ActionBinding {
  /** Runs inside the action's transaction before its claim (e.g. to lock a parent row); may refuse, writes nothing. */
  beforeUpdate?: (context: WriteContext) => Promise<void>;
  /** Column changes the action makes: its claim. */
  set: (context: WriteContext) => Record<string, unknown>;
  /**
   * Only rows where this holds take the action; checked in the claim itself. Without one the action is an
   * idempotent set (enable twice: still enabled, one more log entry) and may have no afterClaim.
   */
  guard?: { when: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>; message: string };
  /** The action's side effects, in its transaction, once this call's claim changed the row (e.g. a payout draft). */
  afterClaim?: (context: WriteContext) => Promise<void>;
  /** The success message, e.g. 启用成功. */
  message: string;
}

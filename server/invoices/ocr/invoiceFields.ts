/** What reading an invoice found; absent fields were not found. Amounts are integer 1/10000 yuan. */
export interface InvoiceFields {
  invoiceNumber?: string;
  invoiceCode?: string;
  invoiceDate?: string;
  buyerName?: string;
  buyerTaxNumber?: string;
  sellerName?: string;
  sellerTaxNumber?: string;
  totalAmount?: number;
}

/** '1,234.56' → 12345600 (1/10000 yuan), by digits, never through a float. */
export function yuanToUnits(text: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.replace(/,/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 10000 + Number((match[2] ?? '').padEnd(2, '0')) * 100;
}

function date(year: string, month: string, day: string): string {
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const TAX_NUMBER = /(?:统一社会信用代码\/纳税人识别号|纳税人识别号|统一社会信用代码)\s*[:：]?\s*([0-9A-Z]{15,20})/g;
const NAME = /名\s*称\s*[:：]\s*([^\s:：]{2,64})/g;

/**
 * The fields of an invoice's printed text (the PDF's text layer, or an OFD's text), as the national layout words
 * them. Every run of white space becomes one space first: each pattern then meets at most one at a place, so none
 * backtracks over a long run (a file of 发票号码 and a million line breaks took hours).
 */
export function fieldsOfText(text: string): InvoiceFields {
  const flat = text.replace(/[\s\u3000]+/g, ' ');
  const fields: InvoiceFields = {};
  const number = /发票号码\s*[:：]?\s*(\d{8,20})/.exec(flat);
  if (number) fields.invoiceNumber = number[1];
  const code = /发票代码\s*[:：]?\s*(\d{10,12})/.exec(flat);
  if (code) fields.invoiceCode = code[1];
  const day = /开票日期\s*[:：]?\s*(\d{4})\s*[年-]\s*(\d{1,2})\s*[月-]\s*(\d{1,2})/.exec(flat);
  if (day) fields.invoiceDate = date(day[1], day[2], day[3]);
  const [buyerTax, sellerTax] = [...flat.matchAll(TAX_NUMBER)].map((match) => match[1]);
  if (buyerTax) fields.buyerTaxNumber = buyerTax;
  if (sellerTax) fields.sellerTaxNumber = sellerTax;
  const [buyerName, sellerName] = [...flat.matchAll(NAME)].map((match) => match[1]);
  if (buyerName) fields.buyerName = buyerName;
  if (sellerName) fields.sellerName = sellerName;
  const total = /[（(]\s*小写\s*[）)]\s*[¥￥]?\s*([\d,]+(?:\.\d{1,2})?)/.exec(flat);
  const units = total ? yuanToUnits(total[1]) : undefined;
  if (units !== undefined) fields.totalAmount = units;
  return fields;
}

/**
 * The text of the first of these XML elements (any namespace prefix), trimmed. The patterns stop at the next `<`
 * (never `[^>]*` or a lazy match before `\s*`, which rescan a long run from every start: quadratic).
 */
function element(xml: string, names: readonly string[]): string | undefined {
  for (const name of names) {
    const pattern = new RegExp(`<(?:[\\w-]+:)?${name}\\b[^<>]*>([^<]*)</`, 'gi');
    for (const match of xml.matchAll(pattern)) {
      const text = match[1].trim();
      if (text !== '') return text;
    }
  }
  return undefined;
}

/** The fields of an invoice's XML (数电票 XML, or an OFD's invoice XML), by its element names, else its text. */
export function fieldsOfXml(xml: string): InvoiceFields {
  const fields: InvoiceFields = fieldsOfText(xml.replace(/<[^<>]*>/g, ' '));
  const set = <K extends keyof InvoiceFields>(key: K, value: InvoiceFields[K] | undefined) => {
    if (value !== undefined) fields[key] = value;
  };
  set('invoiceNumber', element(xml, ['EIid', 'InvoiceNumber', 'InvoiceNo']));
  set('invoiceCode', element(xml, ['InvoiceCode']));
  const issued = element(xml, ['IssueTime', 'IssueDate', 'RequestTime']);
  const day = issued ? /(\d{4})\D?(\d{1,2})\D?(\d{1,2})/.exec(issued) : null;
  if (day) set('invoiceDate', date(day[1], day[2], day[3]));
  set('buyerName', element(xml, ['BuyerName']));
  set('buyerTaxNumber', element(xml, ['BuyerIdNum', 'BuyerTaxID', 'BuyerTaxNo']));
  set('sellerName', element(xml, ['SellerName']));
  set('sellerTaxNumber', element(xml, ['SellerIdNum', 'SellerTaxID', 'SellerTaxNo']));
  const total = element(xml, ['TotalTax-includedAmount', 'TotaltaxIncludedAmount', 'TaxInclusiveTotalAmount']);
  set('totalAmount', total ? yuanToUnits(total) : undefined);
  return fields;
}

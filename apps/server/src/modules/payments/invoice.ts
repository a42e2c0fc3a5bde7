import { createRequire } from 'node:module';
import path from 'node:path';
import { BCP47, centsToUsd, type Locale, usdCentsToCredits } from '@linkwatch/shared';
import { formatNumber, translate } from '@linkwatch/shared/i18n';
import PDFDocument from 'pdfkit';
import type { Config } from '../../config.ts';
import type { users } from '../../db/schema/index.ts';
import type { PaymentRow } from './payments.queries.ts';

/**
 * DejaVu Sans (free licence, from the dejavu-fonts-ttf package) covers Latin and Cyrillic, so an
 * invoice reads the same in en, ru and ua; pdfkit embeds the glyphs it uses.
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
};

type Buyer = Pick<
  typeof users.$inferSelect,
  'name' | 'email' | 'vatNumber' | 'regCode' | 'address' | 'city' | 'postalIndex' | 'country'
>;

export interface InvoiceInput {
  payment: PaymentRow;
  buyer: Buyer;
  seller: Config['seller'];
  locale: Locale;
}

export function invoiceFileName(paymentId: number): string {
  return `payment_invoice_${paymentId}.pdf`;
}

/** The invoice of a Paid payment as PDF bytes, in the reader's language. */
export function renderInvoice(input: InvoiceInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: invoiceTitle(input) } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const done = collect(doc);
  writeInvoice(doc, input);
  doc.end();
  return done;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function invoiceTitle({ payment, locale }: InvoiceInput): string {
  return translate(locale, 'balance.invoice.number', { number: invoiceNumber(payment) });
}

/** The payment's id is the invoice number: one invoice per paid payment, never renumbered. */
function invoiceNumber(payment: PaymentRow): string {
  return String(payment.id).padStart(6, '0');
}

function writeInvoice(doc: PDFKit.PDFDocument, input: InvoiceInput) {
  const { payment, locale } = input;
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `balance.invoice.${key}`, params);
  const date = (d: Date) =>
    new Intl.DateTimeFormat(BCP47[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(d);

  doc.font('bold').fontSize(20).text(t('title'));
  doc.font('regular').fontSize(11).moveDown(0.3).text(invoiceTitle(input));
  doc.text(t('date', { date: date(payment.paidAt ?? payment.createdAt) }));
  doc.moveDown();

  const top = doc.y;
  party(doc, { x: 50, y: top, title: t('seller'), lines: sellerLines(input) });
  const sellerBottom = doc.y;
  party(doc, { x: 300, y: top, title: t('buyer'), lines: buyerLines(input) });
  doc.y = Math.max(sellerBottom, doc.y);
  doc.x = 50;
  doc.moveDown(1.5);

  lineItems(doc, input);
  doc.moveDown();
  doc
    .font('regular')
    .fontSize(11)
    .text(t('method', { method: methodText(input) }), 50);
  doc.moveDown(0.5).fontSize(9).fillColor('#555555').text(t('note'));
}

function party(
  doc: PDFKit.PDFDocument,
  { x, y, title, lines }: { x: number; y: number; title: string; lines: string[] },
) {
  doc.font('bold').fontSize(12).text(title, x, y, { width: 230 });
  doc.font('regular').fontSize(10);
  for (const line of lines) doc.text(line, x, doc.y, { width: 230 });
}

function sellerLines({ seller, locale }: InvoiceInput): string[] {
  const t = (key: string, value: string) => translate(locale, `balance.invoice.${key}`, { value });
  return [
    seller.name,
    seller.address,
    seller.vatNumber && t('vatNumber', seller.vatNumber),
    seller.regCode && t('regCode', seller.regCode),
    seller.email && t('email', seller.email),
  ].filter((line): line is string => Boolean(line));
}

function buyerLines({ buyer, locale }: InvoiceInput): string[] {
  const t = (key: string, value: string) => translate(locale, `balance.invoice.${key}`, { value });
  const place = [buyer.postalIndex, buyer.city].filter(Boolean).join(' ');
  return [
    buyer.name,
    buyer.address,
    place,
    buyer.country,
    buyer.vatNumber && t('vatNumber', buyer.vatNumber),
    buyer.regCode && t('regCode', buyer.regCode),
    t('email', buyer.email),
  ].filter((line): line is string => Boolean(line));
}

/** Credits bought and paid for, the level's bonus credits (free), and the total paid in dollars. */
function lineItems(doc: PDFKit.PDFDocument, { payment, locale }: InvoiceInput) {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `balance.invoice.${key}`, params);
  const paidCents = payment.paidCents ?? payment.amountCents;
  const credits = usdCentsToCredits(paidCents);
  const percent = credits > 0 ? Math.round((payment.bonusCredits * 100) / credits) : 0;
  const columns = [50, 330, 430];
  const row = (cells: string[], font: 'regular' | 'bold' = 'regular') => {
    const y = doc.y;
    let bottom = y;
    doc.font(font).fontSize(10);
    cells.forEach((cell, i) => {
      doc.text(cell, columns[i], y, { width: i === 0 ? 270 : 95, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
    });
    // A description that wraps makes its row taller than the numbers beside it.
    doc.x = 50;
    doc.y = bottom;
    doc.moveDown(0.6);
  };
  const rule = () => {
    doc.moveTo(50, doc.y).lineTo(525, doc.y).strokeColor('#999999').stroke();
    doc.moveDown(0.4);
  };
  row([t('item'), t('quantity'), t('amount')], 'bold');
  rule();
  row([t('credits'), formatNumber(locale, credits), centsToUsd(paidCents)]);
  if (payment.bonusCredits > 0)
    // Given, not sold: an amount of 0.00 read as a price left out (issue 25).
    row([t('bonus', { percent }), formatNumber(locale, payment.bonusCredits), t('free')]);
  rule();
  row(
    [t('total'), formatNumber(locale, credits + payment.bonusCredits), `$${centsToUsd(paidCents)}`],
    'bold',
  );
}

function methodText({ payment, locale }: InvoiceInput): string {
  const method = translate(locale, `payments.methods.${payment.method}`);
  return payment.payCurrency ? `${method} (${payment.payCurrency.toUpperCase()})` : method;
}

/**
 * What an operator is told at start when payments are on but the invoices would name a seller with no
 * address (SELLER_NAME and SELLER_ADDRESS, documented in the README): null when there is nothing to say.
 */
export function sellerWarning(params: { seller: Config['seller']; paymentsOn: boolean }): string | null {
  if (!params.paymentsOn || params.seller.address) return null;
  return `Payment invoices name the seller "${params.seller.name}" with no address: set SELLER_NAME and SELLER_ADDRESS (and SELLER_VAT, SELLER_REG_CODE, SELLER_EMAIL as they apply)`;
}

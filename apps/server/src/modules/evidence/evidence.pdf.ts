import { createRequire } from 'node:module';
import path from 'node:path';
import { BCP47, type Locale, type TEvidenceState, type TLinkEvidence } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import PDFDocument from 'pdfkit';

/** DejaVu Sans, as the invoice uses: Latin and Cyrillic, so the sheet reads the same in en, ru and ua. */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
};

const MARGIN = 40;
const COLUMN_WIDTH = 250;
const COLUMN_GAP = 15;
/** Headers a sheet lists per state: enough to show what the server said, not a page of cookies. */
const HEADERS_SHOWN = 14;

export interface EvidenceSheetInput {
  link: { id: number; url: string; title: string | null };
  evidence: TLinkEvidence;
  shots: { before: Buffer | null; after: Buffer | null };
  locale: Locale;
}

export function evidenceFileName(linkId: number, evidenceId: number): string {
  return `link_${linkId}_evidence_${evidenceId}.pdf`;
}

/** The evidence sheet of one state change, as PDF bytes: URL, dates, what changed, both states side by side. */
export function renderEvidenceSheet(input: EvidenceSheetInput): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(input.locale, `evidence.${key}`, params);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t('pdf.title')}: ${input.link.url}` },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const done = collect(doc);
  writeSheet(doc, input, t);
  doc.end();
  return done;
}

type T = (key: string, params?: Record<string, string | number>) => string;

function writeSheet(doc: PDFKit.PDFDocument, { link, evidence, shots, locale }: EvidenceSheetInput, t: T) {
  const date = (iso: string) =>
    `${new Intl.DateTimeFormat(BCP47[locale], {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(iso))} UTC`;
  doc.font('bold').fontSize(18).text(t('pdf.title'));
  doc.moveDown(0.4).font('regular').fontSize(10);
  doc.text(`${t('pdf.url')}: ${link.url}`, { link: link.url });
  if (link.title) doc.text(`${t('pdf.pageTitle')}: ${link.title}`);
  doc.text(`${t('pdf.changedAt')}: ${date(evidence.createdAt)}`);
  doc.text(`${t('pdf.generatedAt')}: ${date(new Date().toISOString())}`);
  doc.moveDown(0.6).font('bold').fontSize(12).text(t('pdf.whatChanged'));
  doc.font('regular').fontSize(10);
  for (const change of evidence.changes) doc.text(`• ${changeText(change, t)}`);
  doc.moveDown(0.8);

  const top = doc.y;
  const left = MARGIN;
  const right = MARGIN + COLUMN_WIDTH + COLUMN_GAP;
  const leftEnd = writeState(doc, {
    x: left,
    y: top,
    title: t('before'),
    state: evidence.before,
    shot: shots.before,
    t,
    date,
  });
  const rightEnd = writeState(doc, {
    x: right,
    y: top,
    title: t('after'),
    state: evidence.after,
    shot: shots.after,
    t,
    date,
  });
  doc.y = Math.max(leftEnd, rightEnd);
  doc.x = MARGIN;
  doc.moveDown(1).fontSize(8).fillColor('#555555').text(t('pdf.note'), MARGIN, doc.y, { width: 515 });
}

export function changeText(change: TLinkEvidence['changes'][number], t: T): string {
  return t(`changes.${change.changesType}`, { old: change.old ?? '—', new: change.new ?? '—' });
}

/** One state in a column; answers where the column ended. */
function writeState(
  doc: PDFKit.PDFDocument,
  {
    x,
    y,
    title,
    state,
    shot,
    t,
    date,
  }: {
    x: number;
    y: number;
    title: string;
    state: TEvidenceState | null;
    shot: Buffer | null;
    t: T;
    date: (iso: string) => string;
  },
): number {
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(value, x, doc.y, { width: COLUMN_WIDTH, ...options });
  doc.font('bold').fontSize(12).fillColor('#000000').text(title, x, y, { width: COLUMN_WIDTH });
  doc.font('regular').fontSize(9);
  if (!state) {
    text(t('notCheckedBefore'));
    return doc.y;
  }
  text(t('seen', { date: date(state.at) }));
  text(`${t('responseCode')}: ${state.responseCode ?? t('noAnswer')}`);
  if (state.finalUrl && state.finalUrl !== state.url) text(`${t('finalUrl')}: ${state.finalUrl}`);
  doc.moveDown(0.4);
  if (shot) {
    const height = (COLUMN_WIDTH * 800) / 1280;
    doc.image(shot, x, doc.y, { fit: [COLUMN_WIDTH, height] });
    doc.y += height + 2;
    if (state.shot)
      text(`${t('shotTaken', { date: date(state.shot.takenAt) })} · ${t(`marked.${state.shot.marked}`)}`);
  } else {
    doc.fillColor('#92400e');
    text(t(`shotMissing.${state.shotMissing ?? 'not_kept'}`));
    doc.fillColor('#000000');
  }
  doc.moveDown(0.4).font('bold').fontSize(10);
  text(t('backlinks'));
  doc.font('regular').fontSize(8.5);
  if (state.backlinks.length === 0) text(t('noBacklinks'));
  for (const b of state.backlinks.slice(0, 5)) {
    text(`“${b.anchor || '—'}” → ${b.href} (${b.attribute})`);
    if (b.textBefore || b.textAfter) {
      doc.fillColor('#444444');
      text(`…${b.textBefore ?? ''} [${b.anchor}] ${b.textAfter ?? ''}…`);
      doc.fillColor('#000000');
    }
  }
  doc.moveDown(0.4).font('bold').fontSize(10);
  text(t('headers'));
  doc.font('regular').fontSize(7.5);
  const headers = Object.entries(state.headers ?? {});
  if (headers.length === 0) text(t('noHeaders'));
  for (const [name, value] of headers.slice(0, HEADERS_SHOWN)) text(`${name}: ${value.slice(0, 160)}`);
  return doc.y;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The voucher as one self-contained HTML page (inline CSS, no scripts, images or fonts fetched), for a
 * browser or an e-mail body. Same wording as the PDF (voucher-view.ts). Every value from the booking is
 * escaped: guest names and references come from partners and must not become markup.
 */
import type { VoucherContent } from './voucher-content.js';
import { voucherView, type VoucherField } from './voucher-view.js';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const STYLE = `
  body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; color: #1a1a1f; margin: 0; background: #f3f4f6; }
  main { max-width: 760px; margin: 24px auto; background: #fff; padding: 32px 40px; box-sizing: border-box; }
  h1 { font-size: 26px; margin: 0 0 12px; }
  h2 { font-size: 17px; margin: 24px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #cdd1d8; }
  h3 { font-size: 14px; margin: 12px 0 4px; }
  .banner { color: #fff; padding: 10px 14px; margin-bottom: 12px; }
  .banner strong { display: block; font-size: 22px; letter-spacing: 0.04em; }
  .confirmed { background: #1a7340; } .pending { background: #b37309; } .cancelled, .failed { background: #bf1a1a; }
  dl { display: grid; grid-template-columns: 160px 1fr; gap: 3px 8px; margin: 0; font-size: 14px; }
  dt { color: #616773; } dd { margin: 0; overflow-wrap: anywhere; }
  .name { font-weight: bold; font-size: 16px; } .stars { color: #bf8c0d; }
  p, li { font-size: 14px; margin: 2px 0; overflow-wrap: anywhere; }
  ul { margin: 0; padding-left: 18px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; margin-top: 6px; }
  th, td { text-align: left; padding: 5px; border-bottom: 1px solid #cdd1d8; vertical-align: top; }
  th { background: #edeff4; }
  footer { margin-top: 28px; font-size: 12px; color: #616773; }
  @media print { body { background: #fff; } main { margin: 0; max-width: none; } }
`;

function fieldList(rows: readonly VoucherField[]): string {
  return `<dl>${rows.map((r) => `<dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.value)}</dd>`).join('')}</dl>`;
}

export function renderVoucherHtml(content: VoucherContent, options: { readonly issuedAt?: Date } = {}): string {
  const view = voucherView(content, options.issuedAt ?? new Date());
  const e = escapeHtml;
  const rooms = view.rooms
    .map(
      (room) => `
    <h3>${e(room.heading)}</h3>
    <dl><dt>Board</dt><dd>${e(room.board)}</dd><dt>${room.guests.length === 1 ? 'Guest' : 'Guests'}</dt><dd><ul>${room.guests.map((g) => `<li>${e(g)}</li>`).join('')}</ul></dd>${room.request ? `<dt>Special request</dt><dd>${e(room.request)}</dd>` : ''}</dl>`,
    )
    .join('');
  const policyTable =
    view.cancellation.rows.length === 0
      ? ''
      : `
    <table>
      <thead><tr><th>From (UTC)</th><th>From (hotel local time)</th><th>Penalty</th></tr></thead>
      <tbody>${view.cancellation.rows.map((r) => `<tr><td>${e(r.fromUtc)}</td><td>${e(r.fromLocal)}</td><td>${e(r.penalty)}</td></tr>`).join('')}</tbody>
    </table>`;
  const cancelled = view.cancelled.length === 0 ? '' : `${fieldList(view.cancelled)}<h3>Policy at booking:</h3>`;

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`${view.title} ${content.bookingId}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>${e(view.title)}</h1>
  <div class="banner ${view.banner.tone}"><strong>${e(view.banner.text)}</strong>${e(view.banner.detail)}</div>
  ${fieldList(view.references)}
  <h2>Hotel</h2>
  <p class="name">${e(view.property.name)}</p>
  ${view.property.stars ? `<p class="stars">${e(view.property.stars)}</p>` : ''}
  ${view.property.lines.map((l) => `<p>${e(l)}</p>`).join('')}
  <h2>Stay</h2>
  ${fieldList(view.stay)}
  <h2>${view.rooms.length === 1 ? 'Room' : `Rooms (${view.rooms.length})`}</h2>
  ${rooms}
  <h2>Lead guest (booking holder)</h2>
  ${fieldList(view.holder)}
  <h2>Cancellation</h2>
  ${cancelled}
  ${view.cancellation.summary.map((l) => `<p>${e(l)}</p>`).join('')}
  ${policyTable}
  <h2>Price</h2>
  ${fieldList(view.price)}
  <p>${e(view.paymentNote)}</p>
  ${
    view.payAtProperty.length === 0
      ? ''
      : `<h2>Payable at the property</h2>
  <ul>${view.payAtProperty.map((line) => `<li>${e(line)}</li>`).join('')}</ul>`
  }
  ${
    view.remarks.length === 0
      ? ''
      : `<h2>Important information</h2>
  ${view.remarks.map((remark) => `<p class="remark">${e(remark)}</p>`).join('')}`
  }
  ${view.issuer ? `<p class="issuer">${e(view.issuer)}</p>` : ''}
  <footer>${e(`${view.issued} · Booking ${content.bookingId}`)}</footer>
</main>
</body>
</html>
`;
}

import { ltiLabelsFor } from '@cairn/shared/lti-labels';
import type { LtiRefusal } from './lti.errors';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

/** A small standalone page (no script unless `script`; the app's CSP allows this origin's scripts only). */
function page(lang: string, title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="${esc(lang.replace('_', '-'))}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · Cairn</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1e293b;line-height:1.5}
h1{font-size:1.4rem}button,.button{display:inline-block;background:#1d4ed8;color:#fff;border:0;border-radius:.4rem;
padding:.6rem 1rem;font-size:1rem;text-decoration:none;cursor:pointer}button:focus-visible,.button:focus-visible,
input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}label{display:block;margin:.4rem 0}
fieldset{border:1px solid #cbd5e1;border-radius:.4rem;margin:1rem 0}</style>
${script ? `<script src="${esc(script)}" defer></script>` : ''}</head>
<body><main>${body}</main></body></html>`;
}

/** The page of a refused login or launch: the reason in words, and how to go on. */
export function refusalPage(lang: string, reason: LtiRefusal, restartUrl: string | null): string {
  const t = ltiLabelsFor(lang);
  if (reason === 'cookie_blocked' && restartUrl) {
    return page(
      lang,
      t.blocked.title,
      `<h1>${esc(t.blocked.title)}</h1><p role="alert">${esc(t.blocked.text)}</p>
<p><a class="button" href="${esc(restartUrl)}" target="_blank" rel="noopener">${esc(t.blocked.open)}</a></p>`,
    );
  }
  return page(
    lang,
    t.refused.title,
    `<h1>${esc(t.refused.title)}</h1>
<p role="alert"><strong>${esc(t.refused.reason)}:</strong> ${esc(t.refused.reasons[reason])}</p>
<p>${esc(t.refused.help)}</p>`,
  );
}

/** The deep-linking picker: the customer's trails, the gradebook choice, the signed context. */
export function pickerPage(lang: string, ctx: string, trails: { id: number; name: string }[]): string {
  const t = ltiLabelsFor(lang);
  const list =
    trails.length === 0
      ? `<p role="status">${esc(t.picker.empty)}</p>`
      : `<form method="post" action="/lti/deep-link"><input type="hidden" name="ctx" value="${esc(ctx)}">
<fieldset><legend>${esc(t.picker.trail)}</legend>
${trails
  .map(
    (tr, i) =>
      `<label><input type="radio" name="trail_id" value="${tr.id}"${i === 0 ? ' checked' : ''}> ${esc(tr.name)}</label>`,
  )
  .join('\n')}
</fieldset>
<label><input type="checkbox" name="graded" value="1" checked> ${esc(t.picker.graded)}</label>
<p><button type="submit">${esc(t.picker.submit)}</button></p></form>`;
  return page(lang, t.picker.title, `<h1>${esc(t.picker.title)}</h1>${list}`);
}

/** The deep-linking response: a form posting the signed JWT back to the platform (sent by /lti/submit.js). */
export function returnPage(lang: string, returnUrl: string, jwt: string): string {
  const t = ltiLabelsFor(lang);
  return page(
    lang,
    t.returning.title,
    `<h1>${esc(t.returning.title)}</h1>
<form id="lti-return" method="post" action="${esc(returnUrl)}"><input type="hidden" name="JWT" value="${esc(jwt)}">
<button type="submit">${esc(t.returning.continue)}</button></form>`,
    '/lti/submit.js',
  );
}

/** The one script of these pages: sends the deep-linking response form on load. */
export const SUBMIT_JS = "document.getElementById('lti-return')?.submit();\n";

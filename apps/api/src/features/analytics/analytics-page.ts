/**
 * A self-contained sandbox page: the analytics events stored for this browser (its analytics
 * cookie) or for a browser id typed in, newest first. A customer's events across browsers are
 * read through the API with that customer's token, which this page does not hold.
 */
export const analyticsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox analytics</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 52rem; margin: 2rem auto; padding: 0 1rem; }
  form { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }
  input, select { padding: .6rem; font-size: 1rem; }
  input { flex: 1; min-width: 14rem; }
  button { padding: .6rem 1rem; font-size: 1rem; }
  li { list-style: none; border: 1px solid #8886; border-radius: .5rem; padding: .75rem; margin: .75rem 0; }
  .meta { font-size: .85rem; opacity: .8; }
  pre { white-space: pre-wrap; word-break: break-word; margin: .5rem 0 0; font-size: .85rem; }
</style>
</head>
<body>
<main>
<h1>Sandbox analytics</h1>
<p>Events the web app and the API recorded, newest first. Nothing here leaves this server.</p>
<form id="f">
<label for="kind">Events of</label>
<select id="kind"><option value="anonymous_id">browser (anonymous id)</option></select>
<input id="id" autocomplete="off" required aria-label="Id">
<button type="submit">Show events</button></form>
<p id="status" role="status"></p>
<ul id="list"></ul>
<button id="more" type="button" hidden>Older events</button>
</main>
<script>
const form = document.getElementById('f');
const list = document.getElementById('list');
const status = document.getElementById('status');
const more = document.getElementById('more');
const input = document.getElementById('id');
const own = document.cookie.split('; ').find((c) => c.startsWith('rw_aid='));
if (own) input.value = decodeURIComponent(own.slice(7));
let cursor = null;
async function load(append) {
  const kind = document.getElementById('kind').value;
  let url = 'analytics-events?' + kind + '=' + encodeURIComponent(input.value.trim());
  if (append && cursor) url += '&cursor=' + encodeURIComponent(cursor);
  const res = await fetch(url);
  const body = await res.json();
  if (!append) list.replaceChildren();
  if (!res.ok) { status.textContent = body.message; more.hidden = true; return; }
  status.textContent = body.data.length || append ? '' : 'No events yet.';
  cursor = body.next_cursor;
  more.hidden = !cursor;
  for (const e of body.data) {
    const li = document.createElement('li');
    const title = document.createElement('strong');
    title.textContent = e.type + (e.name ? ' · ' + e.name : '');
    const meta = document.createElement('div');
    meta.className = 'meta';
    meta.textContent = e.source + ' · ' + new Date(e.occurred_at).toLocaleString() + (e.user_id ? ' · user ' + e.user_id : '');
    const props = document.createElement('pre');
    props.textContent = JSON.stringify(e.properties, null, 2);
    li.append(title, meta, props);
    list.append(li);
  }
}
form.addEventListener('submit', (e) => { e.preventDefault(); load(false); });
more.addEventListener('click', () => load(true));
if (input.value) load(false);
</script>
</body>
</html>`;

/** A self-contained page: type a phone number or email, read what the sandbox kept for it. */
export const inboxPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox inbox</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 44rem; margin: 2rem auto; padding: 0 1rem; }
  form { display: flex; gap: .5rem; flex-wrap: wrap; }
  input { flex: 1; min-width: 12rem; padding: .6rem; font-size: 1rem; }
  button { padding: .6rem 1rem; font-size: 1rem; }
  li { list-style: none; border: 1px solid #8886; border-radius: .5rem; padding: .75rem; margin: .75rem 0; }
  .meta { font-size: .85rem; opacity: .8; }
  pre { white-space: pre-wrap; word-break: break-word; margin: .5rem 0 0; font: inherit; }
</style>
</head>
<body>
<main>
<h1>Sandbox inbox</h1>
<p>Messages the sandbox sent by SMS or email. Nothing here leaves this server.</p>
<form id="f"><label for="to">Phone number or email</label>
<input id="to" name="to" autocomplete="off" required>
<button type="submit">Show messages</button></form>
<p id="status" role="status"></p>
<ul id="list"></ul>
</main>
<script>
const form = document.getElementById('f');
const list = document.getElementById('list');
const status = document.getElementById('status');
async function load() {
  const to = document.getElementById('to').value;
  const res = await fetch('messages?to=' + encodeURIComponent(to));
  const body = await res.json();
  list.replaceChildren();
  if (!res.ok) { status.textContent = body.message; return; }
  status.textContent = body.data.length ? '' : 'No messages yet.';
  for (const m of body.data) {
    const li = document.createElement('li');
    const meta = document.createElement('div');
    meta.className = 'meta';
    meta.textContent = m.channel.toUpperCase() + ' to ' + m.to + ' · ' + new Date(m.created_at).toLocaleString();
    const text = document.createElement('pre');
    text.textContent = (m.subject ? m.subject + '\\n\\n' : '') + m.body;
    li.append(meta, text);
    list.append(li);
  }
}
form.addEventListener('submit', (e) => { e.preventDefault(); load(); });
</script>
</body>
</html>`;

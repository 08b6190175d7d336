// The tab's title: the page's own name, after the unread count once the live stream has
// changed it ("(3) Focení · Fotofolio"). The live shell keeps the count and the messenger
// names the room it opens in place; each sets only its part, so neither undoes the other.

let name = document.title;
let unread = 0;

/** The page's own title, the site's name included ("Focení 3 · Fotofolio"). */
export function nameTitle(pageTitle) {
  name = pageTitle;
  show();
}

/** The unread count before the name; none when it is 0. */
export function countInTitle(count) {
  unread = count;
  show();
}

function show() {
  document.title = unread ? `(${unread}) ${name}` : name;
}

"""Each player's hand on their own phone, served by the app itself over the home network.

One job per module:

* `tokens`   — the seats played on phones and their secret address tokens (new each game);
* `viewjson` — a seat's `PlayerView` as the JSON a phone receives (built from the view only);
* `texts`    — the phone page's words: the prompt, refusal reasons, its labels (via i18n);
* `look`     — the card design (colours, suit shapes, pips) for the page to draw in SVG;
* `bridge`   — hands moves from the server's threads to the thread that owns the `Game`,
               and each seat's latest state back, so `Game` is touched by one thread only;
* `relay`    — the owner-thread side: plays a phone's move, publishes every phone's view;
* `server`   — the small HTTP server (threads beside the pygame loop): pages, state,
               moves, live updates by Server-Sent Events, the wrong-link page;
* `door`     — its front door: reads each request whole within a deadline, then hands it to
               a bounded pool of workers (the seats' own, or the one for token-less requests);
* `network`  — where it listens (the LAN address the codes name, and loopback) and which
               peers it serves (private networks only);
* `qr`       — the QR code matrix of a seat's address (segno), drawn by the table;
* `host`     — `ramigui host`: a game with phone seats and bots, no window.

The page itself (HTML, CSS, JS) is in `static/`, shipped in the package.
"""

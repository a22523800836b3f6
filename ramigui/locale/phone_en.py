"""English strings of the phone seats: the phone page and the table's join codes.

Merged into `en.CATALOGUE`; kept in step with phone_fr.py (tests/test_i18n.py checks it).
"""

PHONE: dict[str, str] = {
    # the phone page
    "phone.connecting": "Connecting to the table…",
    "phone.offline": "Connection to the table lost: trying again…",
    "phone.closed": "This game is over on the table: scan the new code to play again.",
    "phone.elsewhere": "This seat is now open on another screen.",
    "phone.take_back": "Play on this screen",
    "phone.your_turn": "Your turn!",
    "phone.new_meld": "New meld",
    "phone.pending_meld": "final when you discard",
    "phone.tap_hint": "Tap cards to choose them, then tap where they go (or drag them there)",
    "phone.boxes": "Choose a box",
    "phone.cross": "cross out",
    "phone.points": "{n} pts",
    "phone.last_moves": "Last moves",
    "phone.round_over": "Round over",
    "phone.round_points_note": "(+N) beside a total: the points this round added",
    "phone.gin.discard": "Tap a card, then the discard pile (knock with {limit} deadwood or less)",
    "phone.gin.discard_or_knock": "Tap a card, then the discard pile: discard it, or knock / go gin with it",
    "phone.gin.layoff": "{name} knocked: lay your cards off on their melds, then Done",
    "phone.paused": "The game is paused on the big screen",
    "phone.yami.expose": "Choose the box for your hand",
    "phone.yami.reply": "{name} exposed: choose a box to score",
    # the table's side
    "seat.phone": "Human, on a phone",
    "table.on_phone": "phone",
    "pause.phones": "Phones: show the codes",
    "codes.title": "Scan with each player's phone",
    "codes.title_one": "Scan with your phone",
    "codes.help": "Same Wi-Fi as this computer; the phone's camera opens the page. Click or press Enter to play.",
    "codes.waiting": "waiting…",
    "codes.joined": "joined",
    "codes.no_network": "No home network found: phones can only join on the same network as this computer.",
    "codes.cannot_listen": "Phones cannot join: {reason}",
    "phone.wrong_link.title": "Wrong or old link",
    "phone.wrong_link.text": "This address is wrong or belongs to an earlier game. Scan your seat's code again, or open the link you were given for this game, to take your seat.",
    "phone.bad_request": "This request could not be read: send {\"move\": \"<notation>\"} in UTF-8 JSON.",
    "phone.bad_text": "This move holds characters that are not text.",
    "phone.too_deep": "This request is nested too deeply to be read.",
    "phone.timed_out": "The request did not arrive in time.",
    "phone.busy": "The table is busy: try again in a moment.",
    "phone.too_long": "This request is too long to be read.",
}

"""Textes français des places jouées sur un téléphone : la page du téléphone et les codes
affichés par la table. Fusionnés dans `fr.CATALOGUE` (mêmes clés que phone_en.py).
"""

PHONE: dict[str, str] = {
    # la page du téléphone
    "phone.connecting": "Connexion à la table…",
    "phone.offline": "Connexion à la table perdue : nouvel essai…",
    "phone.closed": "Cette partie est finie sur la table : scannez le nouveau code pour rejouer.",
    "phone.elsewhere": "Cette place est maintenant ouverte sur un autre écran.",
    "phone.take_back": "Jouer sur cet écran",
    "phone.your_turn": "À vous de jouer !",
    "phone.new_meld": "Nouvelle combinaison",
    "phone.pending_meld": "pas encore posé",
    "phone.tap_hint": "Touchez des cartes pour les choisir, puis l'endroit où elles vont (ou faites-les glisser)",
    "phone.boxes": "Choisissez une case",
    "phone.cross": "barrer",
    "phone.points": "{n} pts",
    "phone.last_moves": "Derniers coups",
    "phone.round_over": "Manche finie : les points sont sur le grand écran",
    "phone.gin.layoff": "{name} a frappé : posez vos cartes sur ses combinaisons, puis Terminé",
    "phone.paused": "La partie est en pause sur le grand écran",
    "phone.yami.expose": "Choisissez la case de votre main",
    "phone.yami.reply": "{name} a étalé : choisissez une case où marquer",
    # côté table
    "seat.phone": "Humain, sur un téléphone",
    "table.on_phone": "téléphone",
    "pause.phones": "Téléphones : revoir les codes",
    "codes.title": "Scannez avec le téléphone de chaque joueur",
    "codes.help": "Même Wi-Fi que cet ordinateur ; l'appareil photo du téléphone ouvre la page. Cliquez ou appuyez sur Entrée pour jouer.",
    "codes.waiting": "en attente…",
    "codes.joined": "connecté",
    "codes.no_network": "Aucun réseau local trouvé : les téléphones doivent être sur le même réseau que cet ordinateur.",
    "codes.cannot_listen": "Les téléphones ne peuvent pas se connecter : {reason}",
    "phone.wrong_link.title": "Lien erroné ou périmé",
    "phone.wrong_link.text": "Cette adresse est fausse ou vient d’une partie précédente. Scannez à nouveau le code affiché sur le grand écran pour reprendre votre place.",
    "phone.bad_request": "Cette demande est illisible : envoyez {\"move\": \"<notation>\"} en JSON UTF-8.",
    "phone.bad_text": "Ce coup contient des caractères qui ne sont pas du texte.",
    "phone.too_deep": "Cette demande est trop imbriquée pour être lue.",
    "phone.timed_out": "La demande n’est pas arrivée à temps.",
    "phone.busy": "La table est occupée : réessayez dans un instant.",
    "phone.too_long": "Cette demande est trop longue pour être lue.",
}

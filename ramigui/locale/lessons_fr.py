"""Les mots d'« Apprendre à jouer » : les phrases du guide, dites pour un enfant de dix ans.

Fusionné dans `fr.CATALOGUE` ; mêmes clés que lessons_en.py (tests/test_i18n.py le vérifie).
"""

LESSONS: dict[str, str] = {
    "menu.learn": "Apprendre à jouer",
    "learn.title": "Apprendre à jouer",
    "learn.intro": "Choisis un jeu. Un guide te montre chaque coup, un à la fois. Il faut moins de dix minutes.",
    "learn.go_on": "{title} (reprendre : étape {step} sur {steps})",
    "learn.broken": "Cette leçon ne peut pas s'ouvrir : {problem}",
    "lesson.rummy.title": "Rami (Rami 51)",
    "lesson.gin.title": "Gin Rami",
    "lesson.yami.title": "Yami",
    "lesson.name.lea": "Léa",
    "lesson.name.tom": "Tom",
    "guide.show_me": "Montre-moi",
    "guide.next": "Suivant",
    "guide.leave": "Quitter",
    "guide.step": "Étape {step} sur {steps}",
    "guide.wrong": "Pas maintenant : {hint}",
    "guide.wait": "Attends : {name} joue.",
    "guide.done": "Bravo ! Tu sais jouer.",
    "guide.play_real": "Jouer une vraie partie",
    "lesson.rummy.hello": "Tu joues au Rami 51 contre Léa. Fais des groupes de cartes : une suite (même couleur, qui se suivent) ou une série (même valeur). Les cartes allumées sont tes groupes.",
    "lesson.rummy.draw": "Ton tour commence par une carte : prends celle du dessus de la pioche.",
    "lesson.rummy.run": "Pose une suite : 9, 10 et Valet de cœur, qui se suivent, même couleur.",
    "lesson.rummy.set": "Maintenant une série : trois 7, chacun d'une couleur différente.",
    "lesson.rummy.short": "Tes premières cartes posées doivent valoir 51 points. Tu en as 50 : pose aussi 4, 5, 6 de trèfle.",
    "lesson.rummy.discard": "Finis ton tour : jette une carte sur la défausse. Jette le Roi de carreau.",
    "lesson.rummy.bot_opened": "Léa a posé ses cartes aussi. Le Joker remplace le 10 de carreau dans sa suite.",
    "lesson.rummy.draw_again": "À toi de nouveau : prends une carte de la pioche.",
    "lesson.rummy.layoff": "Tu peux ajouter une carte à un groupe posé : mets la Dame de cœur au bout de ta suite.",
    "lesson.rummy.swap": "Tu as le 10 de carreau : échange-le contre le Joker de Léa !",
    "lesson.rummy.joker_meld": "Le Joker doit retourner sur la table tout de suite : fais une série avec tes deux 2.",
    "lesson.rummy.go_out": "Il te reste une carte : jette-la et tu gagnes la manche !",
    "lesson.rummy.familial": "Au Rami familial, pas de 51 à atteindre, mais tu ne prends la défausse qu'après avoir posé des cartes.",
    "lesson.rummy.base": "Au Rami de base, il n'y a pas de Joker et tu poses un seul groupe par tour.",
}

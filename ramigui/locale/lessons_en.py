"""English words of "Learn to play": the guide's sentences, said to a ten-year-old.

Merged into `en.CATALOGUE`; kept in step with lessons_fr.py (tests/test_i18n.py checks it).
"""

LESSONS: dict[str, str] = {
    "menu.learn": "Learn to play",
    "learn.title": "Learn to play",
    "learn.intro": "Pick a game. A guide shows you each move, one at a time. It takes less than ten minutes.",
    "learn.go_on": "{title} (go on: step {step} of {steps})",
    "learn.broken": "This lesson cannot be opened: {problem}",
    "lesson.rummy.title": "Rummy (Rami 51)",
    "lesson.gin.title": "Gin Rummy",
    "lesson.yami.title": "Yami",
    "lesson.name.lea": "Lea",
    "lesson.name.tom": "Tom",
    "guide.show_me": "Show me",
    "guide.next": "Next",
    "guide.leave": "Leave",
    "guide.step": "Step {step} of {steps}",
    "guide.wrong": "Not now: {hint}",
    "guide.wait": "Wait: {name} is playing.",
    "guide.done": "Well done! You know how to play.",
    "guide.play_real": "Play a real game",
    "lesson.rummy.hello": "You play Rami 51 against Lea. Make groups of cards: a run (same suit, in a row) or a set (same rank). The lit cards are your groups.",
    "lesson.rummy.draw": "Your turn starts with a card: take the top card of the stock.",
    "lesson.rummy.run": "Put down a run: 9, 10 and Jack of hearts, in a row, same suit.",
    "lesson.rummy.set": "Now a set: three 7s, each of a different suit.",
    "lesson.rummy.short": "Your first cards down must be worth 51 points. You have 50: put down 4, 5, 6 of clubs too.",
    "lesson.rummy.discard": "End your turn: throw one card on the discard pile. Throw the King of diamonds.",
    "lesson.rummy.bot_opened": "Lea put down her cards too. The Joker stands in for the 10 of diamonds in her run.",
    "lesson.rummy.draw_again": "Your turn again: take a card from the stock.",
    "lesson.rummy.layoff": "You can add a card to a group on the table: put the Queen of hearts at the end of your run.",
    "lesson.rummy.swap": "You have the 10 of diamonds: swap it for Lea's Joker!",
    "lesson.rummy.joker_meld": "The Joker must go back on the table now: make a set with your two 2s.",
    "lesson.rummy.go_out": "One card left: throw it away and you win the round!",
    "lesson.rummy.familial": "In Rami familial, there is no 51 to reach, but you may take the discard only once you have put down cards.",
    "lesson.rummy.base": "In Rami de base, there are no Jokers and you put down one group per turn.",
}

"""`grundy serve`: play and explore every game in the browser.

* `grundy.web.app` — the Flask application (`create_app`): a JSON API over
  `grundy.play.Match` and the page (one HTML, one JS and one CSS file in
  ``static/``, no build step, nothing fetched from elsewhere);
* `grundy.web.solving` — the solves behind it: run in a child process that is
  killed when its time is up, and kept (a few of them) for the next request;
* `grundy.web.board` — what a position is drawn as and which of its parts a
  click plays, derived from the positions the moves lead to, for any ruleset;
* `grundy.web.guard` — who the page answers (``Host``, ``Origin``);
* `grundy.web.partizan_play` — a partizan game (CRPM, CRPS) on the side one picks, each
  request answered in a bounded child of the solver pool;
* `grundy.web.server` — the page served by waitress, with its limits on
  connections, time and threads.

The server keeps no game: the client sends back the whole game (game, start,
convention, the human's moves) with every request, and the server replays it.
"""

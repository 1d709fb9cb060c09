# Why a mail or a block was not accepted (src/mail/inbound/reasons.ts), and the answers to
# commands in a block (src/mail/inbound/commands.ts). reason-* is the reply's text,
# reason-short-* the few words of its subject line.

reason-game-line = the first line of a block is GAME <game> <player> <password>: the player id is missing
reason-unknown-game = there is no game "{ $game }" on this judge{ $hint }
reason-game-over = game "{ $game }" is over
reason-unknown-player = game "{ $game }" has no such player, or the password is wrong
reason-inactive-player = player "{ $player }" no longer plays in "{ $game }"
reason-no-password = the password is missing: GAME <game> <player> <password>
reason-wrong-password = game "{ $game }" has no such player, or the password is wrong
reason-sender-auth = the sender could not be authenticated ({ $detail })
reason-gm-deciding = the deadline of game "{ $game }" has passed and the GM is deciding this phase; orders for the next phase are taken once its report is out
reason-no-phase = game "{ $game }" has no phase open for orders
reason-gm-none = game "{ $game }" takes no GM commands by mail (no GM password in its setup)
reason-gm-sender = GM commands for "{ $game }" must come from the GM's address
reason-gm-password = wrong GM password for "{ $game }"
reason-no-block = no order block (a line "GAME <game> <player> <password>" … a line "END")
reason-too-large = message too large ({ $size } bytes; the limit is { $limit }): send your orders again without the attachment, as plain text
reason-unreadable = the judge cannot read this mail: it is a { $type } message whose parts cannot be found (their boundary "{ $boundary }" never occurs); send your orders again as plain text
reason-locked = too many wrong passwords from your address: { $scope ->
        [sender] its blocks
       *[seat] its blocks for this position
    } are not checked before { $until }
reason-slowed = the password is wrong, { $count } times in a row from your address: wait until { $until } before the next try (a try before then is not counted). If you did not send them, someone is trying passwords under your address; answers go only to your address, and your right password is always taken
reason-too-many-blocks = too many blocks in one mail ({ $count }; the judge reads the first { $limit }): send the others in another mail
reason-reset-password = a RESET block needs a new password too: a line PASSWORD <new password> (at least 4 characters)
reason-unparsable = the judge cannot read this mail (its structure is more than the judge reads); send your orders again as plain text
reason-undecodable = the judge cannot read this mail: its text holds characters that no charset decodes (the charset your mail client declared does not fit the text); send your orders again, best with your mail client set to UTF-8
reason-hint-no-games = ; a mail whose first line is { $list } gets the list of games
reason-hint-games = ; your games here: { $games }
reason-no-boundary = the judge cannot read this mail: it is a { $type } message that names no boundary, so its parts cannot be found; send your orders again as plain text

reason-short-game-line = bad { $keyword } line
reason-short-unknown-game = no game "{ $game }"
reason-short-game-over = the game is over
reason-short-unknown-player = wrong player or password
reason-short-inactive-player = player "{ $player }" no longer plays
reason-short-no-password = password missing
reason-short-wrong-password = wrong player or password
reason-short-locked = too many wrong passwords
reason-short-slowed = wrong password, wait until { $until }
reason-short-too-many-blocks = too many blocks
reason-short-reset-password = new password missing
reason-short-unparsable = mail unreadable
reason-short-sender-auth = sender not authenticated
reason-short-no-phase = no phase open for orders
reason-short-gm-deciding = the GM is deciding
reason-short-gm-none = no GM commands by mail
reason-short-gm-sender = not from the GM's address
reason-short-gm-password = wrong GM password
reason-short-no-block = no order block
reason-short-too-large = mail too large
reason-short-unreadable = mail unreadable
reason-short-undecodable = text unreadable

command-resend = your last report is sent again
command-no-report = there is no report yet
command-final = orders marked FINAL
command-password = password changed (use the new one from now on)
command-password-needed = PASSWORD needs your current password on the GAME line
command-weak-password = a password has at least 4 characters
command-bad-address = not an e-mail address
command-address-judge = not changed: that is the judge's own address, and the judge does not read its own mail; give an address of yours
command-address-robot = not changed: that is an automatic address (MAILER-DAEMON, postmaster, no-reply, bounces …) that no person reads; give an address of yours
command-address-list = not changed: that is a mailing list's address, and your reports are for you alone; give an address of yours
command-address-seat = not changed: another position in this game has that address; give an address of yours
command-address-done = address changed to
command-address-ask = not yet: the address of record must confirm it with CONFIRM <code> in a block; the code went to
command-confirm-from = CONFIRM must come from your address of record
command-confirm-bad = no address change waits for this code
command-confirm-locked = too many wrong codes: no code is taken before { $until }
command-no-orders = no orders yet for this phase
command-current = your current orders
command-format-text = from now on your mails come as plain text only
command-format-html = from now on your mails come as text and HTML with pictures
command-format-bad = FORMAT takes TEXT or HTML
command-forecast-on = from now on your acknowledgements carry a forecast of what your orders will do
command-forecast-off = from now on your acknowledgements carry no forecast
command-forecast-bad = FORECAST takes ON or OFF
command-help = how to write orders for this game is on its way in a mail of its own

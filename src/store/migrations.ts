// Versioned schema. Append a new entry for every change; never edit a shipped one.
export const migrations: string[] = [
  `
  CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,
    title         TEXT NOT NULL,
    lang          TEXT NOT NULL,
    seed          TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'active',  -- active | paused | over
    setup_json    TEXT NOT NULL,
    config_json   TEXT NOT NULL DEFAULT '{}',
    gm_email      TEXT,
    created_at    TEXT NOT NULL
  );

  CREATE TABLE players (
    game_id       TEXT NOT NULL REFERENCES games(id),
    id            TEXT NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    lang          TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'active',  -- active | out | ejected
    created_at    TEXT NOT NULL,
    PRIMARY KEY (game_id, id)
  );
  CREATE INDEX players_email ON players(email);

  -- A phase row holds the state players order against (the snapshot before
  -- adjudication) and, once processed, the seed and the rng state it used.
  -- A rerun supersedes rows; the live row of a number has superseded_by NULL.
  CREATE TABLE phases (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL REFERENCES games(id),
    number        INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    label         TEXT NOT NULL,
    deadline      TEXT,
    seed          TEXT NOT NULL,
    rng_state     TEXT,
    state_json    TEXT NOT NULL,
    state_hash    TEXT NOT NULL,
    result_hash   TEXT,
    events_json   TEXT,
    processed_at  TEXT,
    superseded_by INTEGER REFERENCES phases(id),
    created_at    TEXT NOT NULL
  );
  CREATE UNIQUE INDEX phases_live ON phases(game_id, number) WHERE superseded_by IS NULL;

  CREATE TABLE inbound (
    id            INTEGER PRIMARY KEY,
    message_id    TEXT,
    sha256        TEXT NOT NULL UNIQUE,
    raw           BLOB NOT NULL,
    source        TEXT NOT NULL,        -- stdin | file:<path> | imap:<mailbox>
    received_at   TEXT NOT NULL,
    from_addr     TEXT,
    subject       TEXT,
    status        TEXT NOT NULL,        -- received | accepted | partial | rejected | ignored | duplicate | error
    reason        TEXT
  );
  CREATE INDEX inbound_msgid ON inbound(message_id);

  -- Every order block received; the live one per (game, phase, player) is the latest.
  CREATE TABLE submissions (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL,
    phase_number  INTEGER NOT NULL,
    player_id     TEXT NOT NULL,
    inbound_id    INTEGER REFERENCES inbound(id),
    text          TEXT NOT NULL,
    orders_json   TEXT NOT NULL,
    errors_json   TEXT NOT NULL,
    echo_json     TEXT NOT NULL,
    received_at   TEXT NOT NULL,
    replaced_by   INTEGER REFERENCES submissions(id),
    FOREIGN KEY (game_id, player_id) REFERENCES players(game_id, id)
  );
  CREATE INDEX submissions_live ON submissions(game_id, phase_number, player_id) WHERE replaced_by IS NULL;

  CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY,
    dedupe_key    TEXT NOT NULL UNIQUE,
    message_id    TEXT NOT NULL UNIQUE,
    game_id       TEXT,
    phase_number  INTEGER,
    kind          TEXT NOT NULL,        -- ack | error | report | reminder | notice
    to_addrs      TEXT NOT NULL,        -- JSON array
    cc_addrs      TEXT NOT NULL DEFAULT '[]',
    subject       TEXT NOT NULL,
    body          TEXT NOT NULL,
    headers_json  TEXT NOT NULL DEFAULT '{}',
    status        TEXT NOT NULL DEFAULT 'pending',  -- pending | sending | sent | failed | ambiguous
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT,
    next_attempt_at TEXT,
    created_at    TEXT NOT NULL,
    sent_at       TEXT
  );
  CREATE INDEX outbox_status ON outbox(status);

  CREATE TABLE audit (
    id            INTEGER PRIMARY KEY,
    at            TEXT NOT NULL,
    actor         TEXT NOT NULL,        -- cli:<user> | mail:<address>
    game_id       TEXT,
    action        TEXT NOT NULL,
    details_json  TEXT NOT NULL DEFAULT '{}'
  );
  `,
  // v2 (issue #3, real mail): where an IMAP message came from (unique per
  // mailbox + UIDVALIDITY + UID, so a message is never stored twice even when
  // the MOVE after the commit did not happen), its real size, the last UID seen
  // per mailbox, and when an outbox row was claimed (a row left in 'sending'
  // by a killed run becomes 'ambiguous', never resent blindly).
  `
  ALTER TABLE inbound ADD COLUMN size INTEGER;
  ALTER TABLE inbound ADD COLUMN imap_mailbox TEXT;
  ALTER TABLE inbound ADD COLUMN imap_uidvalidity TEXT;
  ALTER TABLE inbound ADD COLUMN imap_uid INTEGER;
  CREATE UNIQUE INDEX inbound_imap ON inbound(imap_mailbox, imap_uidvalidity, imap_uid) WHERE imap_uid IS NOT NULL;

  CREATE TABLE imap_state (
    mailbox       TEXT PRIMARY KEY,
    uidvalidity   TEXT NOT NULL,
    last_uid      INTEGER NOT NULL DEFAULT 0,
    updated_at    TEXT NOT NULL
  );

  ALTER TABLE outbox ADD COLUMN claimed_at TEXT;
  `,
  // v3 (issue #5, running games): pausing, the GM's password for mail
  // commands, NMR counts per player, FINAL marks on submissions.
  `
  ALTER TABLE games ADD COLUMN paused_at TEXT;
  ALTER TABLE games ADD COLUMN gm_password_hash TEXT;
  ALTER TABLE players ADD COLUMN nmr_streak INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE players ADD COLUMN nmr_total INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE submissions ADD COLUMN final INTEGER NOT NULL DEFAULT 0;

  -- An address change asked from another address waits for CONFIRM <code> from the old one.
  CREATE TABLE address_changes (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL,
    player_id     TEXT NOT NULL,
    new_email     TEXT NOT NULL,
    code          TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    confirmed_at  TEXT
  );

  -- Messages the judge relays (games where the judge is the forum): recorded
  -- inputs of their phase, like orders, but never replaced by a later mail.
  CREATE TABLE messages (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL,
    phase_number  INTEGER NOT NULL,
    seq           INTEGER NOT NULL,
    from_player   TEXT NOT NULL,
    kind          TEXT NOT NULL,        -- private | anonymous | public
    to_json       TEXT NOT NULL,
    text          TEXT NOT NULL,
    at            TEXT NOT NULL,
    inbound_id    INTEGER REFERENCES inbound(id),
    UNIQUE (game_id, phase_number, seq)
  );
  `,
  // v4 (issue #9, the GM in the loop): a phase can wait for the GM after the
  // players' deadline (when the worksheet went out, the GM's own deadline, a
  // HOLD or RELEASE, the last preview sent); the GM's decisions, narrative,
  // bulletin and hidden rolls are recorded inputs of their phase, like orders:
  // every line kept, the latest per (kind, key) in force.
  `
  ALTER TABLE phases ADD COLUMN gm_opened_at TEXT;
  ALTER TABLE phases ADD COLUMN gm_deadline TEXT;
  ALTER TABLE phases ADD COLUMN gm_hold INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE phases ADD COLUMN gm_released_at TEXT;

  CREATE TABLE gm_inputs (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL,
    phase_number  INTEGER NOT NULL,
    kind          TEXT NOT NULL,        -- decision | narrative | bulletin | roll
    key           TEXT NOT NULL,        -- decision id (lower case), narrative target, '' for the bulletin, roll seq
    value_json    TEXT NOT NULL,        -- null clears an earlier value
    actor         TEXT NOT NULL,        -- mail:<address> | cli | judge:default
    inbound_id    INTEGER REFERENCES inbound(id),
    at            TEXT NOT NULL
  );
  CREATE INDEX gm_inputs_phase ON gm_inputs(game_id, phase_number, kind, key, id);
  `,
  // v5 (issue #10, reliability): the run lock is a row taken in an IMMEDIATE
  // transaction, so two runs that both find a stale lock cannot both take it.
  `
  CREATE TABLE run_locks (
    name          TEXT PRIMARY KEY,
    pid           INTEGER NOT NULL,
    host          TEXT NOT NULL,
    token         TEXT NOT NULL,
    at            TEXT NOT NULL
  );
  `,
  // v6 (issue #10, reliability): failed password attempts (per seat and per
  // sender, for lockouts the GM sees and lifts), how often a stored mail was
  // tried (a mail that fails or times out twice is quarantined), and the SMTP
  // stage an outbox row reached (only DATA sent without a reply is ambiguous).
  `
  CREATE TABLE auth_failures (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL,
    player_id     TEXT NOT NULL,        -- the seat the block named ('' when no such seat)
    sender        TEXT NOT NULL,        -- lower-cased From
    at            TEXT NOT NULL,
    inbound_id    INTEGER,
    cleared_at    TEXT                  -- the GM lifted it (judge player unlock)
  );
  CREATE INDEX auth_failures_seat ON auth_failures(game_id, player_id, at);
  CREATE INDEX auth_failures_sender ON auth_failures(sender, at);

  ALTER TABLE inbound ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;   -- handling started
  ALTER TABLE inbound ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;   -- handling failed or timed out
  ALTER TABLE outbox ADD COLUMN smtp_stage TEXT;   -- connecting | connected | data-sent | reply-read
  `,
  // (issue #16, judge serve): secret links to a player's (or the GM's) own
  // pages. Only the sha256 of the token is kept; a page is found by that hash.
  `
  CREATE TABLE web_links (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL,
    reader        TEXT NOT NULL,        -- player | gm
    player_id     TEXT,                 -- the seat (reader = player)
    token_hash    TEXT NOT NULL UNIQUE, -- hex sha256 of the token in the URL
    created_at    TEXT NOT NULL,
    revoked_at    TEXT
  );
  CREATE INDEX web_links_reader ON web_links(game_id, reader, player_id);
  `,
  // (issue #16, HTML mail): the HTML part and the pictures (SVG, rasterised to
  // PNG only when sent) of an outbox row; a player's mail format (NULL: the
  // game's; 'text' | 'html': the player chose, FORMAT TEXT / FORMAT HTML).
  `
  ALTER TABLE outbox ADD COLUMN html TEXT;
  ALTER TABLE outbox ADD COLUMN pictures_json TEXT;   -- [{cid, name, svg, width, height, alt}]
  ALTER TABLE players ADD COLUMN mail_format TEXT;
  `,
  // (issue #15, intake at speed): every block a player sent for a phase, by
  // seat (the count of earlier blocks and their history, per mail), the
  // messages a player sent in a phase (the kind's limits, per mail), and
  // seats by address as mail gives it (lower(email)).
  `
  CREATE INDEX submissions_seat ON submissions(game_id, phase_number, player_id, id);
  CREATE INDEX messages_sender ON messages(game_id, phase_number, from_player, seq);
  CREATE INDEX players_email_lower ON players(lower(email));
  `,
  // (issue #15): a phase's GM inputs recorded after a given line (rolls answered
  // at once read only what came since the last mail, src/mail/inbound/instant.ts).
  `
  CREATE INDEX gm_inputs_phase_id ON gm_inputs(game_id, phase_number, id);
  `,
  // (issue #15): the stored mails not yet handled, in the order they came (a
  // run over them, and intake's worker thread for every batch the poll stored).
  `
  CREATE INDEX inbound_received ON inbound(id) WHERE status = 'received';
  `,
  // (issue #15, sending at speed): an outbox row in two. Its head (envelope,
  // subject, what sending has reached) is what every send step updates;
  // SQLite rewrites a whole row on update, overflow pages and all, and a
  // report's text, HTML and pictures are tens of KB, so each of a send's
  // four steps wrote them again. The body (text, HTML, pictures) is written
  // once. \`outbox\` is the two joined, column for column as before, for every
  // reader; the triggers let a writer from outside (an SQL shell) use it as
  // the table it was. The judge itself writes the two tables (store/outbox.ts).
  `
  ALTER TABLE outbox RENAME TO outbox_head;
  CREATE TABLE outbox_body (
    id            INTEGER PRIMARY KEY,  -- outbox_head.id
    body          TEXT NOT NULL,
    html          TEXT,
    pictures_json TEXT
  );
  INSERT INTO outbox_body (id, body, html, pictures_json) SELECT id, body, html, pictures_json FROM outbox_head;
  ALTER TABLE outbox_head DROP COLUMN body;
  ALTER TABLE outbox_head DROP COLUMN html;
  ALTER TABLE outbox_head DROP COLUMN pictures_json;
  CREATE VIEW outbox AS
    SELECT h.id, h.dedupe_key, h.message_id, h.game_id, h.phase_number, h.kind, h.to_addrs, h.cc_addrs, h.subject, b.body,
           h.headers_json, h.status, h.attempts, h.last_error, h.next_attempt_at, h.created_at, h.sent_at, h.claimed_at,
           h.smtp_stage, b.html, b.pictures_json
    FROM outbox_head h JOIN outbox_body b ON b.id = h.id;
  CREATE TRIGGER outbox_insert INSTEAD OF INSERT ON outbox BEGIN
    INSERT INTO outbox_head (id, dedupe_key, message_id, game_id, phase_number, kind, to_addrs, cc_addrs, subject, headers_json,
                             status, attempts, last_error, next_attempt_at, created_at, sent_at, claimed_at, smtp_stage)
    VALUES (NEW.id, NEW.dedupe_key, NEW.message_id, NEW.game_id, NEW.phase_number, NEW.kind, NEW.to_addrs, coalesce(NEW.cc_addrs, '[]'),
            NEW.subject, coalesce(NEW.headers_json, '{}'), coalesce(NEW.status, 'pending'), coalesce(NEW.attempts, 0), NEW.last_error,
            NEW.next_attempt_at, NEW.created_at, NEW.sent_at, NEW.claimed_at, NEW.smtp_stage);
    INSERT INTO outbox_body (id, body, html, pictures_json) VALUES (last_insert_rowid(), NEW.body, NEW.html, NEW.pictures_json);
  END;
  CREATE TRIGGER outbox_update INSTEAD OF UPDATE ON outbox BEGIN
    UPDATE outbox_head SET id = NEW.id, dedupe_key = NEW.dedupe_key, message_id = NEW.message_id, game_id = NEW.game_id,
      phase_number = NEW.phase_number, kind = NEW.kind, to_addrs = NEW.to_addrs, cc_addrs = NEW.cc_addrs, subject = NEW.subject,
      headers_json = NEW.headers_json, status = NEW.status, attempts = NEW.attempts, last_error = NEW.last_error,
      next_attempt_at = NEW.next_attempt_at, created_at = NEW.created_at, sent_at = NEW.sent_at, claimed_at = NEW.claimed_at,
      smtp_stage = NEW.smtp_stage
    WHERE id = OLD.id;
    UPDATE outbox_body SET id = NEW.id, body = NEW.body, html = NEW.html, pictures_json = NEW.pictures_json
    WHERE id = OLD.id AND (NEW.id IS NOT OLD.id OR NEW.body IS NOT OLD.body OR NEW.html IS NOT OLD.html OR NEW.pictures_json IS NOT OLD.pictures_json);
  END;
  CREATE TRIGGER outbox_delete INSTEAD OF DELETE ON outbox BEGIN
    DELETE FROM outbox_head WHERE id = OLD.id;
    DELETE FROM outbox_body WHERE id = OLD.id;
  END;
  `,
  // (issue #15): a value every write to games, players or phases changes, so a
  // connection may keep those rows between mails while it stays the same
  // (store/read-gen.ts). Random, not counted up: a rolled-back write takes it
  // back, and a count could come round again to a value seen with other rows.
  // Within 53 bits, so that JavaScript reads it exactly. s changes when a phase's
  // state text is rewritten: a big board's text, kept apart, is read again then only.
  `
  CREATE TABLE read_gen (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL, s INTEGER NOT NULL);
  INSERT INTO read_gen (id, v, s) VALUES (1, random() % 9007199254740991, random() % 9007199254740991);
  CREATE TRIGGER read_gen_games_insert AFTER INSERT ON games BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_games_update AFTER UPDATE ON games BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_games_delete AFTER DELETE ON games BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_players_insert AFTER INSERT ON players BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_players_update AFTER UPDATE ON players BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_players_delete AFTER DELETE ON players BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_phases_insert AFTER INSERT ON phases BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_phases_update AFTER UPDATE ON phases BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_phases_delete AFTER DELETE ON phases BEGIN UPDATE read_gen SET v = random() % 9007199254740991; END;
  CREATE TRIGGER read_gen_phase_states AFTER UPDATE OF state_json ON phases BEGIN UPDATE read_gen SET s = random() % 9007199254740991; END;
  `,
  // (issue #15): the replies an address got today (ingest.ts repliesToday, the
  // daily bound on error replies) were counted by reading the whole outbox for
  // every mail answered with an error: a flood of bad mail cost as much as the
  // square of the outbox. This index holds only such replies.
  `
  CREATE INDEX outbox_replies ON outbox_head(to_addrs, created_at)
    WHERE kind = 'error' OR dedupe_key LIKE 'help:%' OR dedupe_key LIKE 'list:%';
  `,
  // (issue #28): what the judge knows of its own runs — the last run, the last
  // intake that succeeded, the failure of the last one that did not — so that
  // `judge run` can hold deadlines while intake fails and tell the GM how long
  // it was down, and `judge check` can report them (store/judge-meta.ts).
  `
  CREATE TABLE judge_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL, at TEXT NOT NULL);
  `,
  // (issue #28, outbound): how many times an ambiguous mail (its data sent, no
  // answer read) was sent again by itself, with the same Message-ID: once at
  // most; a mail ambiguous again after that is left to the GM.
  `
  ALTER TABLE outbox_head ADD COLUMN ambiguous_resends INTEGER NOT NULL DEFAULT 0;
  `,
  // (issue #28, intake): when a mail reached the mail server (IMAP INTERNALDATE,
  // a Maildir file's delivery time, a pipe mail's storing): the time its orders
  // count at, whenever the judge reads it (received_at stays when the judge
  // stored it). A mail that arrived after the deadline of a phase not yet
  // adjudicated waits (status 'waiting') until the next phase opens.
  `
  ALTER TABLE inbound ADD COLUMN arrived_at TEXT;
  CREATE INDEX inbound_waiting ON inbound(id) WHERE status = 'waiting';
  `,
  // (issue #29): wrong passwords no longer lock a seat whoever sends them. A
  // failure from the seat's own address of record (own = 1) only slows that
  // seat down; the others count per (seat, sender) and per sender. The stored
  // ones are sorted by the addresses of record as they stand now.
  `
  ALTER TABLE auth_failures ADD COLUMN own INTEGER NOT NULL DEFAULT 0;
  UPDATE auth_failures SET own = 1
    WHERE sender = (SELECT lower(p.email) FROM players p
                    WHERE p.game_id = auth_failures.game_id AND lower(p.id) = auth_failures.player_id)
       OR (player_id = 'gm' AND sender = (SELECT lower(g.gm_email) FROM games g WHERE g.id = auth_failures.game_id));
  CREATE INDEX auth_failures_pair ON auth_failures(game_id, player_id, sender, at);
  `,
  // (issue #30): password reset by mail. `RESET <game> <player>` mails a one-time
  // code to the seat's address of record (only its sha256 is kept); a block
  // with `RESET <code>` and `PASSWORD <new>` sets the password once
  // (mail/inbound/password-reset.ts).
  `
  CREATE TABLE password_resets (
    id          INTEGER PRIMARY KEY,
    game_id     TEXT NOT NULL,
    player_id   TEXT NOT NULL,
    code_hash   TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    used_at     TEXT
  );
  CREATE INDEX password_resets_seat ON password_resets(game_id, player_id, created_at);
  `,
  // (issue #33): a player's own choice of the forecast in acknowledgements
  // (FORECAST ON / OFF): 1 on, 0 off, NULL the game's setting (setup forecast).
  `
  ALTER TABLE players ADD COLUMN forecast INTEGER;
  `,
  // (issue #31): the seats by mail. A request of an address or a player that
  // the judge keeps until it is settled: a sign-up (JOIN: a reserved seat, a
  // place on the waiting list), a takeover of an open position (TAKEOVER), an
  // absence (ABSENCE). The code a JOIN or TAKEOVER mail brought is kept as its
  // sha256 only. deadline_moves: how far a phase's deadline moved for
  // absences and takeovers (each request at most once a phase; their sum is
  // capped by the setup's absence.cap).
  `
  CREATE TABLE seat_requests (
    id           INTEGER PRIMARY KEY,
    game_id      TEXT NOT NULL,
    kind         TEXT NOT NULL,   -- join | takeover | absence
    email        TEXT NOT NULL,   -- who asks (join, takeover) or the player's address (absence)
    name         TEXT,
    lang         TEXT NOT NULL,
    seat         TEXT,            -- join: the named seat or the player id given; takeover: the position; absence: the player
    status       TEXT NOT NULL,   -- pending | waiting | approval | seated | granted | done | lapsed | left | refused | closed
    code_hash    TEXT,
    tries        INTEGER NOT NULL DEFAULT 0,
    confirmed_at TEXT,
    expires_at   TEXT,
    starts_at    TEXT,
    ends_at      TEXT,
    why_gm       TEXT,            -- why the GM must approve it (an absence over the player's limits)
    created_at   TEXT NOT NULL,
    decided_at   TEXT,
    decided_by   TEXT
  );
  CREATE INDEX seat_requests_game ON seat_requests(game_id, kind, status);
  CREATE TABLE deadline_moves (
    phase_id    INTEGER NOT NULL,
    request_id  INTEGER NOT NULL,
    ms          INTEGER NOT NULL,
    at          TEXT NOT NULL,
    PRIMARY KEY (phase_id, request_id)
  );
  `,
  // (issue #33): a forecast made when the run's answers are complete. An
  // acknowledgement whose forecast is due is stored 'held' (never sent as
  // such), with a mark where its forecast goes; the forecast is made once per
  // seat when the run over the stored mails ends (mail/inbound/forecast-release.ts),
  // of the orders as the acknowledged block left them (orders_json), and an
  // earlier acknowledgement of the same seat names the later mail instead.
  `
  CREATE TABLE forecast_due (
    outbox_id    INTEGER PRIMARY KEY,  -- outbox_head.id, status 'held'
    game_id      TEXT NOT NULL,
    phase_number INTEGER NOT NULL,
    player_id    TEXT NOT NULL,
    lang         TEXT NOT NULL,        -- the acknowledgement's language
    mark         TEXT NOT NULL,        -- the line of its text the forecast replaces
    subject      TEXT NOT NULL,        -- the acknowledged mail's subject (an earlier answer names it)
    orders_json  TEXT NOT NULL         -- the orders standing after the acknowledged block
  );
  `,
  // A seat's reset codes are voided after RESET_TRIES wrong codes for it from
  // any sender while it has live ones (mail/inbound/password-reset.ts): misses
  // counts the wrong codes each live code has seen, voided_at when they were
  // voided (such a code no longer works, and still counts against the day's codes).
  `
  ALTER TABLE password_resets ADD COLUMN misses INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE password_resets ADD COLUMN voided_at TEXT;
  `,
  // A sign-up holds a seat only once its address has confirmed it (engine/signup.ts):
  // confirm_order numbers a game's sign-ups in the order they were confirmed,
  // the order its waiting list goes by (confirmed_at alone ties within a clock tick).
  `
  ALTER TABLE seat_requests ADD COLUMN confirm_order INTEGER;
  `,
];

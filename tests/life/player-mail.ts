// What no mail to a player may hold (issue 30): a path of the judge's repository or
// files, or a command of the GM's command line.
export const GM_ONLY =
  /\b(games|templates|src|tests|scripts|docs)\/|\b[\w-]+\.(md|json|ftl|hbs|ts|yaml)\b|\bjudge (game|player|process|rerun|dice|gm|end|resend|send|run|status|pause|resume|extend|export|audit|outbox|inbound|ingest|report|orders|state|init|serve|demo)\b|\bREADME\b/;

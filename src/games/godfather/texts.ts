// Every reason, result and notice a Godfather player can read, in Russian and
// English. Codes are stable (cases and tests name them); texts take {param} values.
import { fill } from '../../render/text.js';
import type { Lang } from '../../engine/types.js';

type Texts = { ru: string; en: string };

export const TEXTS: Record<string, Texts> = {
  // parse errors
  'unknown-order': { ru: 'непонятный приказ', en: 'cannot understand this order' },
  'unknown-action': { ru: 'неизвестное действие «{word}»', en: 'unknown action "{word}"' },
  'not-your-action': { ru: 'действие «{action}» вам недоступно', en: 'the action "{action}" is not yours' },
  'unknown-player': { ru: 'неизвестный игрок «{word}»', en: 'unknown player "{word}"' },
  'extra-words': { ru: 'лишние слова: {words}', en: 'unexpected words: {words}' },
  'targets-count': { ru: 'нужно целей: {need}, указано: {got}', en: 'targets needed: {need}, given: {got}' },
  'same-target': { ru: 'цели должны быть разными', en: 'the targets must differ' },
  'no-self': { ru: 'рядовое действие нельзя направить на себя', en: 'an ordinary action cannot target yourself' },
  'target-dead': { ru: '{player} выбыл из игры', en: '{player} is out of the game' },
  'target-absent': { ru: '{player} отсутствует в игре (крещение индейцев)', en: '{player} is absent (baptising the Indians)' },
  'target-not-prisoner': { ru: '{player} не в тюрьме', en: '{player} is not in prison' },
  'target-prisoner': { ru: '{player} в тюрьме', en: '{player} is in prison' },
  'target-not-member': { ru: '{player} не член вашей фракции', en: '{player} is not a member of your faction' },
  'need-choice-sign': { ru: 'укажите знак: + или -', en: 'name the sign: + or -' },
  'need-choice-stat': { ru: 'укажите ВО или ТВ', en: 'name ВО or ТВ' },
  'need-choice-guard': { ru: 'укажите «казнь» или «тюрьма»', en: 'name "execution" or "prison"' },
  'need-choice-action': { ru: 'укажите действие', en: 'name the action' },
  'need-choice-number': { ru: 'укажите номер анонимки', en: 'name the anonymous message number' },
  'bad-anon': { ru: 'нет анонимки №{number}', en: 'no anonymous message #{number}' },
  'wrong-half-day': { ru: 'это дневное действие, сейчас ночь', en: 'this is a day action and it is night' },
  'wrong-half-night': { ru: 'это ночное действие, сейчас день', en: 'this is a night action and it is day' },
  'need-faction': { ru: 'вы не состоите во фракции', en: 'you are not in a faction' },
  'need-no-faction': { ru: 'индивидуальное действие доступно только вне фракции', en: 'individual actions are for players outside factions' },
  'need-leader': { ru: 'вы не лидер фракции', en: 'you are not a faction leader' },
  'need-vo': { ru: 'геройское действие требует ВО от 8 (у вас {have})', en: 'hero actions need ВО 8 or more (you have {have})' },
  'need-tv': { ru: 'манипуляция требует ТВ от 12 (у вас {have})', en: 'manipulations need ТВ 12 or more (you have {have})' },
  'cooldown': { ru: 'действие снова доступно через {hours} ч', en: 'the action is available again in {hours} h' },
  'once': { ru: 'это действие можно использовать лишь раз за игру', en: 'this action may be used only once a game' },
  'lost-action': { ru: 'вы лишены этого действия (кабальный договор)', en: 'you have lost this action (bonded contract)' },
  'already-acted': { ru: 'вы уже действовали в эти {half}', en: 'you have already acted this {half}' },
  'two-actions': { ru: 'второе действие за {half}: одно действие за день и одно за ночь', en: 'a second action this {half}: one action a day and one a night' },
  'in-prison': { ru: 'в тюрьме действовать нельзя', en: 'prisoners cannot act' },
  'cannot-act': { ru: 'сейчас вы не можете действовать', en: 'you cannot act now' },
  'dead': { ru: 'вы выбыли из игры', en: 'you are out of the game' },
  'game-over': { ru: 'игра окончена', en: 'the game is over' },
  'no-vote-now': { ru: 'голосование на посадку сейчас не идёт', en: 'no prison vote is open now' },
  'not-candidate': { ru: '{player} не в списке голосования', en: '{player} is not on the vote list' },
  'vote-changed': { ru: 'менять решение можно лишь раз за игру', en: 'you may change your vote only once a game' },
  'cannot-vote': { ru: 'сейчас вы не можете голосовать', en: 'you cannot vote now' },
  'night-only': { ru: 'фракционные действия только ночью', en: 'faction actions are for the night only' },
  'cannot-invite': { ru: 'приглашать может свободный игрок (или лидер) не в тюрьме и с ТВ > 0', en: 'only a free player (or a leader) not in prison and with ТВ > 0 may invite' },
  'too-many-invites': { ru: 'приглашений за ночь не больше {max}', en: 'at most {max} invitations a night' },
  'not-member': { ru: 'вы не состоите во фракции', en: 'you are not in a faction' },
  'not-your-member': { ru: '{player} не член вашей фракции', en: '{player} is not a member of your faction' },
  'self': { ru: 'нельзя указать себя', en: 'you cannot name yourself' },
  'duplicate': { ru: 'этот приказ уже дан', en: 'this order was already given' },
  'not-your-feature': { ru: 'это не ваша особенность', en: 'this is not your feature' },
  'free-used': { ru: 'уже использовано {when}', en: 'already used {when}' },
  'bonus-late': { ru: 'бонус выбирают в начале игры (день 1, 09–15)', en: 'the bonus is chosen at the start (day 1, 09–15)' },
  'need-stat': { ru: 'укажите ВО или ТВ', en: 'name ВО or ТВ' },
  'msg-colon': { ru: 'текст сообщения пишут после двоеточия: ЛИЧНО Иван: текст', en: 'write the text after a colon: PRIVATE Ivan: text' },
  'msg-empty': { ru: 'пустое сообщение', en: 'the message is empty' },
  'msg-unterminated': { ru: 'многострочное сообщение не закончено строкой «.»', en: 'the multi-line message has no closing "." line' },
  // message refusals (checkMessage)
  'msg-dead': { ru: 'выбывшие игроки не пишут', en: 'players out of the game cannot write' },
  'msg-absent': { ru: 'вы отсутствуете в игре и не можете общаться', en: 'you are absent and cannot talk' },
  'msg-to-dead': { ru: '{player} выбыл из игры', en: '{player} is out of the game' },
  'msg-to-absent': { ru: '{player} отсутствует в игре', en: '{player} is absent' },
  'msg-no-privates': { ru: 'вы лишены приватных сообщений', en: 'you are deprived of private messages' },
  'msg-limit': { ru: 'дневной лимит приватных сообщений ({max}) исчерпан', en: 'the daily limit of private messages ({max}) is reached' },
  'msg-anon-limit': { ru: 'анонимок в день не больше {max}', en: 'at most {max} anonymous messages a day' },
  'msg-to-self': { ru: 'нельзя писать себе', en: 'you cannot write to yourself' },
  // action results (the actor's private report)
  'r-done': { ru: 'выполнено', en: 'done' },
  'r-blocked': { ru: 'заблокировано', en: 'blocked' },
  'r-no-effect': { ru: 'без результата', en: 'no effect' },
  'r-failed': { ru: 'не выполнено: {why}', en: 'failed: {why}' },
  'r-target-gone': { ru: 'цель недоступна', en: 'the target is out of reach' },
  // notices (private)
  'n-blocked-you': { ru: 'Ваши действия заблокированы', en: 'Your actions were blocked' },
  'n-invited': { ru: '{player} приглашает вас во фракцию (ПРИНЯТЬ {player} этой или следующей ночью)', en: '{player} invites you into a faction (ACCEPT {player} this night or the next)' },
  'n-invite-declined': { ru: 'Вы состоите во фракции: приглашение от {player} отклонено автоматически', en: 'You are in a faction: the invitation from {player} was declined automatically' },
  'n-invite-sent': { ru: 'Приглашение отправлено: {player}', en: 'Invitation sent to {player}' },
  'n-invite-blocked': { ru: 'Приглашение не отправлено (составы фракций заморожены)', en: 'The invitation was not sent (faction membership is frozen)' },
  'n-joined': { ru: 'Вы вступили во фракцию {faction}', en: 'You joined faction {faction}' },
  'n-member-joined': { ru: '{player} вступил во фракцию {faction}', en: '{player} joined faction {faction}' },
  'n-founded': { ru: 'Создана фракция {faction}, вы её лидер', en: 'Faction {faction} was founded; you lead it' },
  'n-accept-failed': { ru: 'Вступить во фракцию {player} не удалось', en: 'Could not join the faction of {player}' },
  'n-left': { ru: 'Вы покинули фракцию {faction}', en: 'You left faction {faction}' },
  'n-member-left': { ru: '{player} покинул фракцию {faction}', en: '{player} left faction {faction}' },
  'n-expelled': { ru: 'Вас исключили из фракции {faction}', en: 'You were expelled from faction {faction}' },
  'n-member-expelled': { ru: '{player} исключён из фракции {faction}', en: '{player} was expelled from faction {faction}' },
  'n-leave-failed': { ru: 'Покинуть фракцию нельзя: {why}', en: 'You cannot leave the faction: {why}' },
  'n-expel-failed': { ru: 'Исключить {player} нельзя: {why}', en: 'You cannot expel {player}: {why}' },
  'n-leave-attempt': { ru: '{player} пытался покинуть вашу фракцию', en: '{player} tried to leave your faction' },
  'n-expel-attempt': { ru: 'Вас пытались исключить из фракции', en: 'Somebody tried to expel you from the faction' },
  'n-leader': { ru: 'Вы теперь лидер фракции {faction}', en: 'You now lead faction {faction}' },
  'n-new-leader': { ru: 'Новый лидер фракции {faction}: {player}', en: 'The new leader of faction {faction}: {player}' },
  'n-displaced': { ru: 'Вас сместили: лидер фракции {faction} теперь {player}', en: 'You were displaced: {player} now leads faction {faction}' },
  'n-displace-won': { ru: 'Вы сместили лидера фракции {faction}', en: 'You displaced the leader of faction {faction}' },
  'n-displace-lost': { ru: 'Сместить лидера не удалось', en: 'The attempt to displace the leader failed' },
  'n-dissolved': { ru: 'Фракция {faction} распалась', en: 'Faction {faction} was dissolved' },
  'n-character-revealed': { ru: 'Вашу тайную роль вскрыли', en: 'Your secret character was revealed' },
  'n-leadership-lost-prison': { ru: 'Вы в тюрьме и больше не лидер фракции {faction}', en: 'You are in prison and no longer lead faction {faction}' },
  'n-end-day': { ru: 'Переговоры сейчас заканчиваются утром дня {day}', en: 'The negotiations now end on the morning of day {day}' },
  'n-bonus': { ru: 'Ваш тайный бонус: +2 {stat}', en: 'Your secret bonus: +2 {stat}' },
  'n-forced': { ru: 'Вас шантажируют: ваше действие заменено', en: 'You are blackmailed: your action was replaced' },
  'n-watch-set': { ru: 'Следующие {n} приватных сообщений игрока {player} будут вскрыты для вас', en: 'The next {n} private messages of {player} will be opened for you' },
  'n-no-privates': { ru: 'Вы лишены приватных сообщений', en: 'You are deprived of private messages' },
  'n-vote-change-ignored': { ru: 'Голос не изменён: менять решение можно лишь раз за игру', en: 'Vote not changed: only one change of mind a game' },
  // public notices
  'p-reprimand-action': { ru: 'Порицание ведущего: {player} бездействовал (-2 ВО, -2 ТВ)', en: "The GM's reprimand: {player} did not act (-2 ВО, -2 ТВ)" },
  'p-reprimand-vote': { ru: 'Порицание ведущего: {player} не голосовал (-2 ВО, -2 ТВ)', en: "The GM's reprimand: {player} did not vote (-2 ВО, -2 ТВ)" },
  'p-riot': { ru: 'Бунт! День окончен досрочно', en: 'A riot! The day ends early' },
};

export function tr(lang: Lang, code: string, params: Record<string, string | number> = {}): string {
  const t = TEXTS[code];
  const text = t ? (lang === 'ru' ? t.ru : t.en) : code;
  return fill(text, params);
}

export function L(lang: Lang): 'ru' | 'en' {
  return lang === 'ru' ? 'ru' : 'en';
}

/** The problems of /api/push and /api/push/inscricoes (pt-BR, saying what to do). */
import type { Problem } from '../model/model.ts';
import { buildProblem } from './problem.ts';

export function buildPushOffProblem(pathname: string): Problem {
  return buildProblem(
    404,
    'Alertas push desligados',
    'Este servidor não envia alertas com o Placar fechado (VAPID_SUBJECT não configurado). ' +
      'Os alertas chegam enquanto o Placar estiver aberto.',
    pathname,
  );
}

export function buildBadPushBodyProblem(pathname: string, detail: string): Problem {
  return buildProblem(400, 'Inscrição inválida', detail, pathname);
}

export function buildPushMethodProblem(pathname: string, method: string): Problem {
  const shown = method.length > 20 ? `${method.slice(0, 20)}…` : method;
  return buildProblem(
    405,
    'Método não permitido',
    `O método ${shown} não é aceito. Use POST para inscrever e DELETE para cancelar.`,
    pathname,
  );
}

export function buildPushRateLimitedProblem(pathname: string, retryAfterSeconds: number): Problem {
  return buildProblem(
    429,
    'Muitos pedidos',
    `Limite de pedidos por minuto atingido. Tente de novo em ${retryAfterSeconds} s.`,
    pathname,
  );
}

export function buildPushFullProblem(pathname: string, retryAfterSeconds: number): Problem {
  return buildProblem(
    503,
    'Inscrições lotadas',
    `O servidor atingiu o limite de inscrições de alertas. Tente de novo em ${retryAfterSeconds} s; ` +
      'enquanto isso, os alertas chegam com o Placar aberto.',
    pathname,
  );
}

export function buildUnknownTeamsProblem(pathname: string, unknown: readonly string[]): Problem {
  const shown = unknown.slice(0, 5).map((team) => (team.length > 60 ? `${team.slice(0, 60)}…` : team));
  const more = unknown.length > shown.length ? ` e mais ${unknown.length - shown.length}` : '';
  return buildProblem(
    400,
    'Inscrição inválida',
    `O Placar não conhece ${unknown.length === 1 ? 'o time' : 'os times'} ${shown.map((team) => `"${team}"`).join(', ')}${more}. ` +
      'Siga os times pelos nomes que aparecem nas listas, nos dias guardados ou nas tabelas (homeTeam.name).',
    pathname,
  );
}

export function buildNotSubscriptionHolderProblem(pathname: string): Problem {
  return buildProblem(
    403,
    'Inscrição de outro navegador',
    'Este endpoint já está inscrito. Só o navegador que tem a inscrição pode mudar os times ou cancelá-la: ' +
      'envie o segredo auth da inscrição (PushSubscription.toJSON().keys.auth) junto.',
    pathname,
  );
}

export function buildPushDiskFullProblem(pathname: string, retryAfterSeconds: number): Problem {
  return buildProblem(
    503,
    'Inscrições indisponíveis',
    `O servidor está sem espaço em disco para guardar inscrições. Tente de novo em ${retryAfterSeconds} s; ` +
      'enquanto isso, os alertas chegam com o Placar aberto.',
    pathname,
  );
}

export function buildWelcomeRefusedProblem(pathname: string, status: number): Problem {
  return buildProblem(
    400,
    'Inscrição recusada pelo serviço de push',
    `O serviço de push do navegador recusou a notificação de boas-vindas (HTTP ${status}): a inscrição não vale. ` +
      'Peça uma nova ao navegador (PushManager.subscribe) e envie de novo.',
    pathname,
  );
}

export function buildWelcomeUnreachableProblem(pathname: string, retryAfterSeconds: number): Problem {
  return buildProblem(
    503,
    'Serviço de push indisponível',
    `O serviço de push do navegador não aceitou a notificação de boas-vindas agora. Tente de novo em ${retryAfterSeconds} s; ` +
      'enquanto isso, os alertas chegam com o Placar aberto.',
    pathname,
  );
}

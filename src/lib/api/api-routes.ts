/**
 * The API operations, described once. The OpenAPI document (/api/routes) and the
 * dashboard's "API Endpoints" footer are both generated from this list.
 */
export interface ApiRoute {
  /** OpenAPI path, e.g. "/api/busca". */
  path: string;
  /** What the footer shows, e.g. "/api/busca?q=". */
  display: string;
  /** A link that works when followed from the dashboard. */
  href: string;
  operationId: string;
  /** pt-BR one-liner, shown in the footer and as the OpenAPI summary. */
  summary: string;
  /** pt-BR paragraph for the OpenAPI description. */
  description: string;
  /**
   * false: documented in /api/routes only, not in the dashboard's footer (the event routes are for
   * programs; the footer keeps its height and the pages their weight budget).
   */
  inFooter?: false;
  /** Which schema the 200 response has ('stream': Server-Sent Events of MatchEvent). */
  response: 'list' | 'day' | 'search' | 'detail' | 'standings' | 'team' | 'calendar' | 'events' | 'stream' | 'openapi';
}

/** What every filterable route says of its filters. */
const FILTERS =
  ' Filtros opcionais, respondidos pelo servidor Node (um host estático serve a lista inteira): status (situações separadas por vírgula), time e competicao (as palavras, apelidos e erros de digitação de /api/busca); cada filtro novo conta como uma busca do cliente.';

export const API_ROUTES: readonly ApiRoute[] = [
  {
    path: '/api/live',
    display: '/api/live',
    href: '/api/live',
    operationId: 'listarAoVivo',
    summary: 'Jogos acontecendo agora',
    description:
      'Partidas em andamento, na ordem da listagem "jogos em andamento" do site de origem. Atualizado a cada minuto.' +
      FILTERS,
    response: 'list',
  },
  {
    path: '/api/hoje',
    display: '/api/hoje',
    href: '/api/hoje',
    operationId: 'listarHoje',
    summary: 'Todos os jogos de hoje',
    description: `Todas as partidas do dia (horário de Brasília): agendadas, em andamento e encerradas.${FILTERS}`,
    response: 'list',
  },
  {
    path: '/api/amanha',
    display: '/api/amanha',
    href: '/api/amanha',
    operationId: 'listarAmanha',
    summary: 'Jogos de amanhã',
    description: `Partidas agendadas para amanhã (horário de Brasília).${FILTERS}`,
    response: 'list',
  },
  {
    path: '/api/ontem',
    display: '/api/ontem',
    href: '/api/ontem',
    operationId: 'listarOntem',
    summary: 'Resultados de ontem',
    description:
      'Partidas de ontem (horário de Brasília), com os placares finais. A lista de ontem do site de origem é buscada uma vez por hora (YESTERDAY_REFRESH_SECONDS), então um jogo que terminou tarde aparece certo; stale só depois de 3 desses intervalos sem sucesso.' +
      FILTERS,
    response: 'list',
  },
  {
    path: '/api/dia/{dia}',
    display: '/api/dia/{AAAA-MM-DD}',
    href: '/api/dia/{dia}',
    operationId: 'listarDia',
    summary: 'Resultados de um dia passado',
    description:
      'As partidas de um dia passado (horário de Brasília) como a lista de ontem do site de origem as mostrou pela última vez, no mesmo envelope de /api/ontem (stale sempre false: o dia acabou). Só os dias que o Placar viu, de ontem até ARCHIVE_DAYS dias (30) antes; cada partida encerrada deles mantém /api/jogo/{id} pelo mesmo tempo. Outro dia: 404; um dia que não é data AAAA-MM-DD: 400.',
    response: 'day',
    inFooter: false,
  },
  {
    path: '/api/busca',
    display: '/api/busca?q=',
    href: '/api/busca?q=flamengo',
    operationId: 'buscar',
    summary: 'Buscar por time ou liga',
    description:
      'Partidas de ao vivo, ontem, hoje e amanhã, da mais relevante para a menos. Cada palavra de q precisa ser o início de uma palavra do mandante, do visitante, da competição ou de um apelido deles (palavras de 1 ou 2 letras: a palavra inteira; pontuação separa palavras; sem diferenciar maiúsculas nem acentos). "a x b" (ou vs, vs., versus, contra, " - ") pede um jogo com um lado para cada termo, em qualquer ordem. Apelidos: Mengão, Timão, Galo, PSG, Champions, La Liga… (um apelido de vários clubes traz todos). Palavras de 5 ou mais letras toleram 1 erro de digitação (2 a partir de 9). Ordem: nome exato do time, início de palavra do time, apelido, erro de digitação, só a competição; no empate, time principal antes de feminino e sub-20, depois ao vivo, hoje, amanhã, ontem e horário.',
    response: 'search',
  },
  {
    path: '/api/jogo/{competicao}/{partida}',
    display: '/api/jogo/{id}',
    href: '/api/jogo/{id}',
    operationId: 'detalharJogo',
    summary: 'Uma partida inteira: gols, cartões, escalações',
    description:
      'A partida como a listagem mais recente a mostra (match) e o que a página dela no site de origem conta (detail): gols com autor, minuto, acréscimos, gol contra, pênalti e gol anulado; cartões (amarelo, vermelho, segundo amarelo); substituições; escalações; estatísticas; estádio e árbitro. O id é o da partida nas listagens ("competicao/partida"). Toda partida de ontem, hoje, amanhã e ao vivo tem uma; detail é null (e generatedAt também) até a página ser lida: só partidas que já começaram são lidas, as ao vivo pelo menos a cada 3 minutos e quando o placar ou a situação mudam, cada uma mais uma vez depois do fim. Outro id: 404.',
    response: 'detail',
    inFooter: false,
  },
  {
    path: '/api/tabela/{slug}',
    display: '/api/tabela/{slug}',
    href: '/api/tabela/{slug}',
    operationId: 'tabelaDaCompeticao',
    summary: 'Tabela de uma competição, oficial e ao vivo',
    description:
      'A classificação de uma competição como a página dela no site de origem a mostra ("Ver tabela e classificação"), um grupo por tabela, e, enquanto há jogos dela em andamento, em cada linha dos grupos tocados, live: a tabela como se esses jogos terminassem agora (pontos, vitórias, saldo, gols pró e a posição oficial desempatam). slug é o competition.slug das partidas nas listagens; toda competição de ontem, hoje, amanhã e ao vivo tem uma (groups vazio quando a competição não tem tabela, num mata-mata, ou a página ainda não foi lida: readAt null). Outro slug: 404.',
    response: 'standings',
    inFooter: false,
  },
  {
    path: '/api/time/{slug}',
    display: '/api/time/{slug}',
    href: '/api/time/{slug}',
    operationId: 'casaDoTime',
    summary: 'Um time: ao vivo, próximos jogos, últimos resultados e tabelas',
    description:
      'A casa de um time: live (em andamento), next (a começar, o mais próximo primeiro) e last (encerrados, o mais recente primeiro), cada partida uma vez (pelo id), reunidas das listagens de ontem, hoje, amanhã e ao vivo, dos dias guardados e das páginas do time no site de origem (/time/<slug>/proximos-jogos e /ultimos-jogos), a fonte mais recente valendo; uma partida que só as páginas do time mostram traz os campos que o cartão delas mostra e null nos outros. standings: a linha do time em cada tabela que o Placar tem (oficial e, enquanto o grupo joga, ao vivo). slug é o homeTeam.slug ou awayTeam.slug de uma partida das listagens ou dos dias guardados; outro slug: 404.',
    response: 'team',
    inFooter: false,
  },
  {
    path: '/api/time/{slug}.ics',
    display: '/api/time/{slug}.ics',
    href: '/api/time/{slug}.ics',
    operationId: 'calendarioDoTime',
    summary: 'Os jogos de um time como calendário (iCalendar)',
    description:
      'As partidas de /api/time/{slug} (live, next e last) em text/calendar (RFC 5545), para assinar num aplicativo de agenda (webcal://): um VEVENT por partida, UID tirado do id da partida (o mesmo de uma atualização para a outra), DTSTART em UTC (o mesmo instante do horário de Brasília; evento de dia inteiro, VALUE=DATE, quando o horário não é conhecido) e duas horas de duração, SUMMARY "Mandante x Visitante" (com o placar depois do fim: "Flamengo 3 x 0 Madureira"), LOCATION o estádio (quando a página da partida já foi lida), DESCRIPTION a competição, onde assistir e o endereço da partida no Placar (/jogo/{id}, relativo ao site que serve o calendário). Outro slug: 404.',
    response: 'calendar',
    inFooter: false,
  },
  {
    path: '/api/eventos',
    display: '/api/eventos',
    href: '/api/eventos',
    operationId: 'listarEventos',
    summary: 'Lances das últimas 24 horas',
    description:
      'Gols (com o autor quando a página da partida, lida na mesma atualização, o diz), gols anulados, cartões vermelhos, início, intervalo, segundo tempo, fim, adiamentos, suspensões e cancelamentos que o Placar viu nas últimas 24 horas (no máximo 5.000), do mais antigo ao mais novo. Cada evento tem um id que só cresce: guarde o último e peça os seguintes em /api/eventos/stream?desde=<id>. Disputa de pênaltis: não gera GOAL; o FULL_TIME traz score.penalties.' +
      FILTERS,
    response: 'events',
    inFooter: false,
  },
  {
    path: '/api/eventos/stream',
    display: '/api/eventos/stream',
    href: '/api/eventos/stream',
    operationId: 'acompanharEventos',
    summary: 'Lances ao vivo (Server-Sent Events)',
    description:
      'Fluxo text/event-stream (só no servidor Node, não no bucket/CDN): cada evento chega como "id: <id>", "event: <type>" e "data: <o mesmo JSON de /api/eventos>", assim que o build que o trouxe é publicado; um comentário a cada 15 s mantém a conexão viva. Para retomar, envie Last-Event-ID (ou ?desde=<id>): os eventos guardados depois dele vêm primeiro; se o id for mais antigo que o mais antigo guardado, chega antes um evento reset (recarregue /api/eventos). A cada build novo servido, todo fluxo recebe também um aviso "event: build" com "data: {"build": <id do build>}" e sem linha id (o Last-Event-ID não muda; o aviso não fica em /api/eventos); ?apenas=build traz só esses avisos. Filtros opcionais e combináveis: time (as mesmas palavras, apelidos e erros de digitação de /api/busca) e competicao. Conexões por cliente (endereço IPv4 ou rede IPv6 /64) e no total são limitadas (429 e 503 com Retry-After); cada filtro novo conta como uma busca do cliente.',
    response: 'stream',
    inFooter: false,
  },
  {
    path: '/api/routes',
    display: '/api/routes',
    href: '/api/routes',
    operationId: 'documentacao',
    summary: 'Documentação da API',
    description: 'Este documento OpenAPI 3.1 com todas as rotas, esquemas e respostas de erro.',
    response: 'openapi',
  },
];

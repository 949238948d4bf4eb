/**
 * The pt-BR prose of the OpenAPI document: field descriptions, shared headers and the error
 * responses. Kept apart from openapi.ts, which only assembles the document.
 */

/** Description of each JSON field, per schema and property name (nested objects included). */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ListEnvelope: {
    generatedAt:
      'Quando a listagem foi obtida com sucesso do site de origem pela última vez (ISO 8601 com fuso); null antes da primeira vez.',
    timezone: 'Fuso horário de todas as datas e horas: America/Sao_Paulo.',
    source: 'Página do site de origem de onde os dados vieram.',
    stale:
      'true quando a última coleta bem-sucedida tem mais de 3 intervalos de atualização (ou nunca houve): os dados ainda são servidos.',
    count: 'Número de partidas (igual ao tamanho de matches).',
    matches:
      'As partidas: os campeonatos na ordem do site de origem; dentro de cada um, as já iniciadas (ao vivo, encerradas, suspensas) antes das que ainda vão começar; em cada grupo, por horário de início quando conhecido (uma de início desconhecido mantém o lugar que tem no site).',
  },
  Match: {
    id: 'Caminho da partida no site de origem, sem a barra inicial nem .html; estável entre atualizações e listagens.',
    url: 'Página da partida no site de origem.',
    competition: 'Campeonato ou liga.',
    slug: 'Chave estável no site de origem, em minúsculas ASCII e hífens. Do campeonato: o primeiro trecho do endereço da partida (o mesmo do link "Ver tabela", /<slug>). Do time (até 100 caracteres, a mesma em todas as listagens, dias guardados e tabelas): a do site de origem quando ele a mostra (endereço do escudo /images/teams/<slug>.png, endereço da partida <mandante>-x-<visitante>, link do time na página da partida); senão, derivada do nome como o site escreve as suas (sem acentos, minúsculas, cada trecho de outros caracteres vira um hífen: "São Paulo" → sao-paulo); null só para um nome sem letra nem algarismo.',
    date: 'Dia da partida (AAAA-MM-DD), tirado do endereço da partida no site de origem.',
    kickoff:
      'Horário de início (ISO 8601 com fuso): o da listagem, que o site mostra só enquanto a partida está marcada e o Placar mantém (mesmo id) durante e depois dela; senão, o da linha de data da página da partida (lida depois do início), quando cai no dia da partida; null enquanto nenhum dos dois é conhecido.',
    status: 'Situação da partida (vocabulário do football-data.org, mais UNKNOWN para textos não reconhecidos).',
    statusLabel: 'O texto de situação exatamente como o site de origem mostra (ex.: "67 MIN", "INTERVALO").',
    minute: 'Minuto de jogo mostrado pelo site; null quando não há.',
    injuryTime: 'Acréscimos mostrados (o 2 de "45+2\'"); null quando não há.',
    homeTeam: 'Time mandante.',
    awayTeam: 'Time visitante.',
    crest:
      'A cópia do escudo guardada e servida pelo próprio Placar: caminho /escudos/<sha256>.<tipo> na mesma origem da API (imutável); null enquanto o Placar não tem cópia.',
    crestSource:
      'A URL da imagem que a listagem do site de origem mostra, de onde veio a cópia (só procedência: mostre crest); null quando não há ou a origem não é aceita.',
    score: 'Placar: null antes do início (nunca um 0 presumido).',
    penalties: 'Placar da disputa de pênaltis, quando houver; senão null.',
  },
  EventFeed: {
    generatedAt:
      'A última coleta com que os eventos foram comparados (as listagens que chegaram nela); null antes da primeira.',
    timezone: 'Fuso horário de todas as datas e horas: America/Sao_Paulo.',
    stale: 'true quando essa última coleta comparada tem mais de 3 intervalos de atualização (ou nunca houve).',
    count: 'Número de eventos (igual ao tamanho de events).',
    events: 'Os eventos, do mais antigo ao mais novo.',
  },
  MatchEvent: {
    id: 'Milissegundos desde 1970 e uma sequência ("1764000000000-0001"): ordena como texto e só cresce, entre reinícios e processos.',
    type: 'O que aconteceu (vocabulário do football-data.org). Pênaltis de desempate não são GOAL: FULL_TIME traz score.penalties.',
    at: 'Quando o Placar viu a mudança (ISO 8601 com fuso).',
    match: 'A partida como a listagem a mostra depois da mudança.',
    team: 'Em GOAL e GOAL_CANCELLED: de que lado o placar mudou; em RED_CARD: o lado do jogador (HOME, mandante; AWAY, visitante).',
    previous: 'Situação e placar que o Placar conhecia antes da mudança.',
    scorer:
      'Só em GOAL: quem fez o gol, quando a página da partida lida na mesma atualização o diz (e tem tantos gols quanto o placar); senão null.',
    card: 'Só em RED_CARD: o cartão, da página da partida.',
  },
  MatchDetailEnvelope: {
    generatedAt:
      'Quando a página da partida foi lida com sucesso pela última vez (ISO 8601 com fuso); null se nunca foi (então detail é null).',
    matchReadAt:
      'Enquanto a partida está em andamento (IN_PLAY, PAUSED): quando foi lida a listagem de onde vem match, o momento do minuto e do placar mostrados; senão null.',
    timezone: 'Fuso horário de todas as datas e horas: America/Sao_Paulo.',
    source: 'A página da partida no site de origem.',
    stale:
      'true quando a listagem da partida está desatualizada, quando a última leitura da página falhou (o detalhe mostrado é o último válido) ou quando uma partida ao vivo não é lida há mais de 9 minutos.',
    match: 'A partida como a listagem mais recente que a tem a mostra (ao vivo, hoje, amanhã, ontem).',
    detail:
      'O que a página da partida conta; null até ela ser lida. Uma partida por começar só é lida se for de hoje ou de amanhã (uma vez antes do início e outra nas 2 horas antes dele): traz os canais, sem gols nem cartões.',
  },
  StandingsEnvelope: {
    generatedAt:
      'De quando são os números (ISO 8601 com fuso): com jogo em andamento num grupo, quando a listagem ao vivo foi lida; sem nenhum, igual a readAt.',
    timezone: 'Fuso horário de todas as datas e horas: America/Sao_Paulo.',
    source: 'A página da competição no site de origem ("Ver tabela e classificação").',
    readAt:
      'Quando a página da competição foi lida com sucesso pela última vez; null se nunca foi (então groups é vazio).',
    stale:
      'true quando a tabela nunca foi lida, quando a última leitura falhou (a tabela mostrada é a última válida) ou quando ela tem mais de 12 horas.',
    competition: 'A competição como as listagens a mostram.',
    groups: 'Um grupo por tabela da página, na ordem dela; vazio quando a competição não tem tabela (mata-mata).',
    pendingResults:
      'As partidas encerradas das listagens que a última leitura da tabela ainda não conta (o número de jogos de um time não cresceu desde uma leitura sem a partida); os números de live já as incluem. Vazio quando a tabela oficial conta todas.',
  },
  TeamHomeEnvelope: {
    generatedAt:
      'Quando a casa do time mudou pela última vez (a leitura das listagens daquele build, ISO 8601 com fuso): um time sem novidade mantém o arquivo, e a hora, do build que o mudou.',
    timezone: 'Fuso horário de todas as datas e horas: America/Sao_Paulo.',
    stale: 'true quando a listagem ao vivo ou a de hoje está desatualizada.',
    source: 'A página de próximos jogos do time no site de origem (/time/<slug>/proximos-jogos).',
    readAt: 'Quando as páginas do time foram lidas com sucesso pela última vez; null se nunca foram.',
    team: 'O time como as listagens o mostram: nome, chave e escudo (a cópia do Placar, quando há).',
    live: 'As partidas do time em andamento.',
    next: 'As partidas a começar, a mais próxima primeiro (sem horário conhecido: no começo do dia delas).',
    last: 'As partidas encerradas (e as suspensas), a mais recente primeiro.',
    standings: 'Uma linha por tabela que o Placar tem em que o time está, na ordem das tabelas.',
  },
  TeamStanding: {
    competition: 'A competição da tabela (o slug de /api/tabela/{slug}).',
    group: 'O grupo, quando a tabela tem vários; null numa tabela única.',
    position: 'A posição oficial, como a página da competição a imprime.',
    points: 'Pontos na tabela oficial.',
    played: 'Jogos na tabela oficial.',
    live: 'Posição e pontos da tabela ao vivo enquanto o grupo tem jogo em andamento ou resultado pendente; senão null.',
  },
  StandingsPendingResult: {
    match: 'O id da partida.',
    homeTeam: 'O mandante, como a listagem o escreve.',
    awayTeam: 'O visitante, como a listagem o escreve.',
    score: 'O placar final.',
  },
  StandingsGroup: {
    name: 'O nome do grupo como a página o escreve; null quando ela não nomeia.',
    rows: 'As linhas na ordem da página.',
  },
  StandingsRow: {
    position: 'A posição como a página a imprime.',
    points: 'Pontos.',
    played: 'Jogos.',
    won: 'Vitórias.',
    drawn: 'Empates.',
    lost: 'Derrotas.',
    goalsFor: 'Gols pró; null quando a página não os mostra.',
    goalsAgainst: 'Gols contra; null quando a página não os mostra.',
    goalDifference: 'Saldo de gols.',
    team: 'O time: nome como a página o escreve, escudo (a cópia do Placar, quando há) e chave.',
    slug: 'A chave do time, a mesma de homeTeam.slug / awayTeam.slug nas listagens: a do escudo da página quando há; senão a que as listagens dão ao time; senão derivada do nome (sem acentos, minúsculas, hífens). null só para um nome sem letra nem algarismo.',
    live: 'null em todas as linhas de um grupo sem jogo em andamento nem resultado pendente; senão, a linha como se os jogos em andamento terminassem agora, com os resultados de pendingResults já contados.',
  },
  StandingsLive: {
    position: 'A posição na tabela ao vivo (pontos, vitórias, saldo, gols pró e a posição oficial desempatam).',
    match:
      'O id da partida que estes números somam à tabela oficial (em andamento, ou encerrada e ainda pendente); null para um time sem nenhuma.',
  },
  MatchDetail: {
    venue: 'Estádio e cidade, como a página escreve; null se ela não diz.',
    referee: 'Árbitro; null se a página não diz.',
    round: 'A rodada ou fase, como a página escreve ("Rodada 12", "Fase de grupos"); null se ela não diz.',
    goals: 'Os gols, na ordem do jogo (os anulados também, marcados).',
    cards: 'Os cartões, na ordem do jogo.',
    substitutions: 'As substituições, na ordem do jogo.',
    lineups: 'As escalações de cada lado; null se a página não as mostra.',
    statistics: 'Estatísticas da partida, com os valores como a página os escreve.',
    broadcasts:
      'Onde assistir: os canais que a página da partida nomeia, na ordem dela; [] quando ela não nomeia nenhum (nada é inventado).',
  },
  Broadcast: {
    channel: 'O canal, como a página escreve (ex.: "SporTV").',
    note: 'O texto entre parênteses depois do canal (ex.: "7 dias grátis"); null quando não há.',
  },
  Goal: {
    team: 'O lado para o qual o gol conta (HOME, mandante; AWAY, visitante): um gol contra conta para o adversário de quem o fez.',
    player: 'Quem fez o gol, sem as palavras que qualificam o lance.',
    minute: 'O minuto do lance (o 45 de "45+2\'").',
    injuryTime: 'Os acréscimos (o 2 de "45+2\'"); null quando não há.',
    ownGoal: 'Gol contra.',
    penalty: 'Gol de pênalti (durante o jogo; a disputa de pênaltis não entra aqui).',
    cancelled: 'Gol anulado: não conta no placar.',
  },
  Card: {
    team: 'O lado do jogador (HOME, mandante; AWAY, visitante).',
    player: 'O jogador.',
    minute: 'O minuto do lance.',
    injuryTime: 'Os acréscimos; null quando não há.',
    color: 'YELLOW (amarelo) ou RED (vermelho).',
    secondYellow: 'Um vermelho que é o segundo amarelo do jogador.',
  },
  Substitution: {
    team: 'O lado que substituiu.',
    minute: 'O minuto da substituição.',
    injuryTime: 'Os acréscimos; null quando não há.',
    playerIn: 'Quem entrou.',
    playerOut: 'Quem saiu.',
  },
  Lineups: {
    home: 'Os jogadores do mandante, na ordem da página.',
    away: 'Os jogadores do visitante, na ordem da página.',
  },
  LineupPlayer: { name: 'O jogador.', number: 'O número da camisa; null quando a página não mostra.' },
  Statistic: {
    label: 'O nome da estatística, como a página escreve (ex.: "Posse de bola").',
    home: 'O valor do mandante, como a página escreve (ex.: "58%").',
    away: 'O valor do visitante, como a página escreve.',
  },
  GoalScorer: {
    player: 'Quem fez o gol.',
    minute: 'O minuto do gol.',
    injuryTime: 'Os acréscimos; null quando não há.',
    ownGoal: 'Gol contra (player é do time adversário de team).',
    penalty: 'Gol de pênalti.',
  },
  RedCard: {
    player: 'O jogador expulso.',
    minute: 'O minuto do cartão.',
    injuryTime: 'Os acréscimos; null quando não há.',
    secondYellow: 'O vermelho veio do segundo amarelo.',
  },
  Problem: {
    type: 'Tipo do problema (about:blank: o status HTTP basta).',
    title: 'Resumo do problema, em português.',
    detail: 'O que aconteceu e o que fazer, em português.',
    status: 'O código de status HTTP da resposta.',
    instance: 'Caminho da requisição que causou o problema.',
  },
};

type JsonObject = Record<string, unknown>;

const headerRef = (name: string): JsonObject => ({ $ref: `#/components/headers/${name}` });
const int32 = (minimum: number, maximum: number): JsonObject => ({
  type: 'integer',
  format: 'int32',
  minimum,
  maximum,
});
const constant = (value: string): JsonObject => ({ type: 'string', const: value });

/**
 * Every response header a client may use, by component name (required: sent on every
 * response that lists it). Values the server sends
 * verbatim are `const`/`enum` (from headers-policy.ts, passed in), the rest are bounded.
 */
export function buildHeaders(values: {
  listCacheControl: string;
  searchCacheControl: string;
  noStore: string;
  exposeHeaders: string;
  preflight: Readonly<Record<string, string>>;
  streamCacheControl: string;
}): Record<string, JsonObject> {
  return {
    'Cache-Control-Fluxo': {
      required: true,
      description: 'O fluxo nunca é guardado nem transformado (comprimido) por intermediários.',
      schema: constant(values.streamCacheControl),
    },
    'X-Accel-Buffering': {
      required: true,
      description: 'Pede ao nginx que repasse cada evento na hora, sem acumular.',
      schema: constant('no'),
    },
    ETag: {
      required: true,
      description:
        'Identificador do conteúdo (hash, um por codificação); envie em If-None-Match para receber 304, ou em If-Range.',
      schema: { type: 'string', pattern: '^(W/)?"[^"]*"$', maxLength: 100 },
    },
    'Last-Modified': {
      required: true,
      description: 'Quando o conteúdo mudou pela última vez (data HTTP); aceita If-Modified-Since.',
      schema: {
        type: 'string',
        pattern: '^[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT$',
        maxLength: 29,
      },
    },
    'Cache-Control-Listagem': {
      required: true,
      description: 'Navegadores guardam 15 s; CDNs, 60 s (e servem a cópia antiga por até 1 dia se a origem falhar).',
      schema: constant(values.listCacheControl),
    },
    'Cache-Control-Busca': {
      required: true,
      description: 'Navegadores guardam 15 s; CDNs, 30 s.',
      schema: constant(values.searchCacheControl),
    },
    'Cache-Control-Erro': {
      required: true,
      description: 'Erros nunca são guardados.',
      schema: constant(values.noStore),
    },
    Vary: {
      description:
        'A resposta depende de Accept-Encoding (br, gzip ou sem compressão); ausente quando só há uma codificação.',
      schema: constant('Accept-Encoding'),
    },
    'Accept-Ranges': {
      description:
        'Pedidos Range de bytes são aceitos (206 ou 416); só em respostas sem compressão (Content-Encoding), que são as que aceitam Range.',
      schema: constant('bytes'),
    },
    'Content-Range': {
      required: true,
      description: 'O intervalo enviado e o tamanho total ("bytes 0-99/1234"), ou "bytes */1234" num 416.',
      schema: { type: 'string', pattern: '^bytes (\\d+-\\d+|\\*)/\\d+$', maxLength: 60 },
    },
    'Access-Control-Allow-Origin': {
      required: true,
      description: 'Qualquer origem pode ler a resposta (CORS).',
      schema: constant('*'),
    },
    'Access-Control-Expose-Headers': {
      required: true,
      description: 'Cabeçalhos que scripts de outras origens podem ler.',
      schema: constant(values.exposeHeaders),
    },
    'Access-Control-Allow-Methods': {
      required: true,
      description: 'Métodos aceitos numa requisição CORS.',
      schema: constant(values.preflight['Access-Control-Allow-Methods'] ?? ''),
    },
    'Access-Control-Allow-Headers': {
      required: true,
      description: 'Cabeçalhos que uma requisição CORS pode enviar.',
      schema: constant(values.preflight['Access-Control-Allow-Headers'] ?? ''),
    },
    'Access-Control-Max-Age': {
      required: true,
      description: 'Por quantos segundos o navegador pode reaproveitar esta resposta.',
      schema: constant(values.preflight['Access-Control-Max-Age'] ?? ''),
    },
    'Retry-After': { description: 'Segundos até poder tentar de novo.', schema: int32(1, 60) },
    'RateLimit-Limit': {
      description:
        'Buscas seguidas permitidas a este cliente (rajada), repostas a este ritmo por minuto (ausente quando o limite está desligado, SEARCH_RATE_LIMIT=0).',
      schema: int32(1, 1_000_000),
    },
    'RateLimit-Remaining': { description: 'Buscas que ainda restam agora.', schema: int32(0, 1_000_000) },
    'RateLimit-Reset': {
      description: 'Segundos até a próxima busca liberada (se recusada) ou até o limite se refazer por inteiro.',
      schema: int32(1, 60),
    },
    'RateLimit-Policy': {
      description: 'A política: limite e janela em segundos ("60;w=60").',
      schema: { type: 'string', pattern: '^\\d+;w=\\d+$', maxLength: 20 },
    },
  };
}

/** The headers of every /api/busca answer (when SEARCH_RATE_LIMIT is not 0). */
export const RATE_LIMIT_HEADERS: Readonly<Record<string, JsonObject>> = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
  'RateLimit-Policy': headerRef('RateLimit-Policy'),
};

/** CORS headers sent on every answer. */
export const CORS_HEADERS: Readonly<Record<string, JsonObject>> = {
  'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin'),
  'Access-Control-Expose-Headers': headerRef('Access-Control-Expose-Headers'),
};

/** The problem responses every operation can give, with their pt-BR descriptions. */
export const PROBLEM_DESCRIPTIONS = {
  MalformedRequest:
    'Requisição HTTP malformada (linha de requisição, cabeçalho ou codificação da URL ilegíveis). Com q inválido em /api/busca, veja a resposta 400 da busca.',
  HeadersTooLarge: 'Endereço ou cabeçalhos acima de 16 KB.',
  RequestTimeout: 'A requisição não chegou inteira a tempo.',
  StreamUrlTooLong:
    'Atrás do nginx (deploy/nginx.conf): endereço do fluxo acima de 3072 bytes, mais do que os filtros precisam; o Pushpin não o aceitaria.',
  RangeNotSatisfiable: 'O intervalo pedido em Range começa depois do fim do arquivo. Content-Range traz o tamanho.',
  BadQuery:
    'Parâmetro q ausente, vazio, repetido, escrito de outro jeito (Q, %71), fora de 2 a 100 caracteres ou que não é UTF-8 válido (ou requisição malformada).',
  BadFilter:
    'Filtro inválido: status com uma situação desconhecida, vazia ou repetida; time ou competicao vazio, fora de 2 a 100 caracteres ou com caracteres de controle; um filtro repetido ou escrito de outro jeito (Status, %73tatus); ou requisição malformada.',
  TooManyRequests:
    'Buscas demais deste cliente (endereço IPv4 ou rede IPv6 /64): o limite (rajada, reposta por minuto) acabou. Cada filtro novo em listagens, no feed e no fluxo conta como uma busca.',
  InternalError:
    'Falha inesperada do lado do Placar (um defeito, nunca causado pelo que o cliente envia). Tente de novo.',
  ServiceUnavailable:
    'O Placar está iniciando e ainda não tem um build publicado (Retry-After diz quando tentar de novo), ou, atrás do nginx, não respondeu; em /api/eventos/stream, também quando o servidor atingiu o total de conexões (EVENT_STREAMS_MAX).',
  BadEventQuery:
    'Filtro time ou competicao vazio, repetido, escrito de outro jeito, fora de 2 a 100 caracteres ou com caracteres de controle, ou desde/Last-Event-ID que não é um id de evento, ou apenas diferente de build (ou com time/competicao).',
  UnknownCompetition:
    'Nenhuma competição de ontem, hoje, amanhã ou ao vivo tem este slug: confira o competition.slug numa listagem (/api/hoje…).',
  UnknownTeam:
    'Nenhum time de ontem, hoje, amanhã, ao vivo ou dos dias guardados tem este slug: confira o homeTeam.slug ou awayTeam.slug numa listagem (/api/hoje…).',
  UnknownMatch:
    'Nenhuma partida de ontem, hoje, amanhã, ao vivo ou dos dias guardados tem este id: confira o id numa listagem (/api/hoje, /api/ontem, /api/dia/{dia}…). Uma partida encerrada fica ARCHIVE_DAYS dias (30) depois da última lista que a mostrou: a de ontem, ou a de hoje quando sai dela antes da meia-noite.',
  BadDay: 'O dia não é uma data do calendário no formato AAAA-MM-DD (ou requisição malformada).',
  UnknownDay:
    'O Placar não guarda este dia: só os que viu, de ontem até ARCHIVE_DAYS dias (30) antes; detail diz quais dias estão guardados.',
  TooManyStreams:
    'Conexões demais deste cliente (endereço IPv4 ou rede IPv6 /64) ao fluxo (EVENT_STREAMS_PER_IP; 20 atrás do nginx): feche uma ou tente de novo depois de Retry-After; ou, com um filtro novo, buscas demais (cada filtro novo conta como uma busca).',
} as const;

/**
 * The demo's fictional people: each team's squad (eleven starters and a bench, with positions
 * and shirt numbers), referees and venues — plausible pt-BR and Latin American names drawn from
 * the seed, the same for a team whatever match it plays — and the clubs that fill a league's
 * table beside the recorded listings' teams. Nobody here is real.
 */
import { seededInt, seededUnit } from './seeded-random.ts';

export type Position = 'GK' | 'DF' | 'MF' | 'FW';

export interface SquadPlayer {
  name: string;
  number: number;
  position: Position;
}

export interface Squad {
  starters: SquadPlayer[];
  bench: SquadPlayer[];
}

const FIRST_NAMES: readonly string[] = (
  'Gabriel Lucas Matheus Pedro Rafael Gustavo Felipe Bruno Thiago Vinícius João Diego Rodrigo André ' +
  'Caio Daniel Eduardo Fábio Guilherme Henrique Igor Júlio Leandro Marcelo Nícolas Otávio Paulo Renan ' +
  'Samuel Tiago Victor Wesley Yago Alan Cauã Davi Emerson Fernando Hugo Ítalo Jorge Kauã Luan Miguel ' +
  'Nathan Ramón Sebastián Tomás Mateo Santiago Joaquín Facundo Agustín Emiliano Benjamín Léo ' +
  'Marcos Vitor Breno'
).split(' ');

const SURNAMES: readonly string[] = (
  'Silva Santos Oliveira Souza Pereira Costa Rodrigues Almeida Nascimento Lima Araújo Fernandes ' +
  'Carvalho Gomes Martins Rocha Ribeiro Alves Monteiro Mendes Barros Freitas Barbosa Pinto Moura ' +
  'Cavalcanti Dias Castro Campos Cardoso Teixeira Vieira Nunes Moreira Correia Machado Ramos Batista ' +
  'Farias Aguiar González Fernández López Martínez Sánchez Romero Sosa Benítez Acosta Medina Herrera ' +
  'Suárez Aguirre Rojas Villalba Cabrera Brandão Quintela Seixas Valença'
).split(' ');

const NICKNAMES: readonly string[] =
  'Pedrinho Dieguinho Paulinho Juninho Luquinhas Joãozinho Tiaguinho Fabinho Caiozinho'.split(' ');

const CITIES: readonly string[] = (
  'São Paulo - SP|Rio de Janeiro - RJ|Belo Horizonte - MG|Porto Alegre - RS|Curitiba - PR|' +
  'Salvador - BA|Recife - PE|Fortaleza - CE|Goiânia - GO|Campinas - SP|Florianópolis - SC|Belém - PA|' +
  'Manaus - AM|Natal - RN|Cuiabá - MT|Juiz de Fora - MG|Ribeirão Preto - SP'
).split('|');

const STADIUM_PREFIXES = ['Estádio', 'Arena', 'Estádio Municipal', 'Estádio Olímpico'] as const;
const STADIUM_NAMES: readonly string[] = (
  'Vale Verde|Jardim Alegre|Serra Azul|Boa Vista|Santa Clara|Rio Claro|Bela Vista|Alto da Colina|' +
  'Parque das Águas|Ponte Nova|Campo Belo|Monte Alto'
).split('|');

const CLUB_PLACES: readonly string[] = [
  ...STADIUM_NAMES,
  ...'Porto Real|Águas Claras|Lagoa Dourada|Pedra Branca|Ouro Fino|Campos Altos|Rio Bonito|Três Pontes|Cachoeira Alta|Nova Esperança|Morro Grande|Praia Funda'.split(
    '|',
  ),
];
const CLUB_FORMS: readonly ((place: string) => string)[] = [
  (place) => `${place} FC`,
  (place) => `Atlético ${place}`,
  (place) => `União ${place}`,
  (place) => `Sporting ${place}`,
  (place) => `Esporte Clube ${place}`,
];

/** Starters by position, with the shirt numbers such a side wears; the bench as usual. */
const STARTERS: readonly (readonly [Position, number])[] = [
  ['GK', 1],
  ['DF', 2],
  ['DF', 3],
  ['DF', 4],
  ['DF', 6],
  ['MF', 5],
  ['MF', 8],
  ['MF', 10],
  ['FW', 7],
  ['FW', 9],
  ['FW', 11],
];
const BENCH_POSITIONS: readonly Position[] = ['GK', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'FW', 'FW'];

function pick<T>(list: readonly T[], seed: number, key: string): T {
  return list[seededInt(seed, key, 0, list.length - 1)] as T;
}

/** "Gabriel Souza", "Pedrinho", "Léo Martínez", "Vinícius Alves Rocha": the ways a squad list writes names. */
function playerName(seed: number, key: string): string {
  const first = pick(FIRST_NAMES, seed, `${key}:first`);
  const surname = pick(SURNAMES, seed, `${key}:surname`);
  const style = seededUnit(seed, `${key}:style`);
  if (style < 0.08) return pick(NICKNAMES, seed, `${key}:nickname`);
  if (style < 0.22) return `${first} ${surname} ${pick(SURNAMES, seed, `${key}:surname2`)}`;
  return `${first} ${surname}`;
}

/** A team's squad: every name unique within it, the bench numbered 12–40. */
export function squadOf(seed: number, teamKey: string): Squad {
  const used = new Set<string>();
  const uniqueName = (slot: string): string => {
    for (let attempt = 0; ; attempt++) {
      const name = playerName(seed, `${teamKey}:${slot}:${attempt}`);
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  };
  const starters = STARTERS.map(([position, number], i) => ({ name: uniqueName(`s${i}`), number, position }));
  const numbers = new Set<number>();
  const bench = BENCH_POSITIONS.map((position, i) => {
    let number = seededInt(seed, `${teamKey}:b${i}:number`, 12, 40);
    while (numbers.has(number)) number = number === 40 ? 12 : number + 1;
    numbers.add(number);
    return { name: uniqueName(`b${i}`), number, position };
  });
  return { starters, bench };
}

export function refereeName(seed: number, matchKey: string): string {
  const first = pick(FIRST_NAMES, seed, `${matchKey}:referee:first`);
  return `${first} ${pick(SURNAMES, seed, `${matchKey}:referee:1`)} ${pick(SURNAMES, seed, `${matchKey}:referee:2`)}`;
}

/** "Arena Vale Verde, Campinas - SP": the home team's ground, the same for every match it hosts. */
export function venueName(seed: number, homeTeamKey: string): string {
  const stadium = `${pick(STADIUM_PREFIXES, seed, `${homeTeamKey}:venue:prefix`)} ${pick(STADIUM_NAMES, seed, `${homeTeamKey}:venue:name`)}`;
  return `${stadium}, ${pick(CITIES, seed, `${homeTeamKey}:venue:city`)}`;
}

/** Fictional clubs ("Atlético Serra Azul"), one per place, in an order drawn from the seed and `key`. */
export function fictionalClubNames(seed: number, key: string): string[] {
  const start = seededInt(seed, `${key}:clubs`, 0, CLUB_PLACES.length - 1);
  return CLUB_PLACES.map((_, i) => {
    const place = CLUB_PLACES[(start + i) % CLUB_PLACES.length] as string;
    return pick(CLUB_FORMS, seed, `${key}:${place}:form`)(place);
  });
}

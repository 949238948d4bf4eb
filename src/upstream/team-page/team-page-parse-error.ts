/** A team page whose list of matches cannot be trusted (no known frame, too deep, truncated, no card readable). */
import { ParseError } from '../fetch/errors.ts';

export class TeamPageParseError extends ParseError {}

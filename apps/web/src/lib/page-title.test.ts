import { describe, expect, it } from 'vitest';
import { productName } from '@esr/contracts/messages';
import { formatPageTitle } from './page-title';
import { guardedRoutes, notFoundTitle, pageTitleFor, publicPages } from '../config/screen-table';

describe('page titles (WCAG 2.4.2, docs/decisions/0036-page-titles-focus-and-not-found.md)', () => {
  it('names the page, what it is for, then the product, and begins "Error: " while errors show', () => {
    expect(productName).toBe('Elective Surgical Risk');
    expect(formatPageTitle({ title: 'Dashboard' })).toBe('Dashboard – Elective Surgical Risk');
    expect(formatPageTitle({ title: 'Upload files', detail: 'Knee replacement' })).toBe(
      'Upload files – Knee replacement – Elective Surgical Risk',
    );
    expect(formatPageTitle({ title: 'Upload files', detail: 'Knee replacement', error: true })).toBe(
      'Error: Upload files – Knee replacement – Elective Surgical Risk',
    );
    expect(formatPageTitle({ title: 'Patient lookup', detail: ' ', error: false })).toBe(
      'Patient lookup – Elective Surgical Risk',
    );
  });

  it('takes each guarded screen’s title from the screen table, ranked as the router ranks', () => {
    expect(pageTitleFor('/dashboard')).toBe('Dashboard');
    expect(pageTitleFor('/dashboard/')).toBe('Dashboard');
    expect(pageTitleFor('/upload-patient-list/knee/upload')).toBe('Upload files');
    expect(pageTitleFor('/manage-active-trusts/add-new-trust')).toBe('Add new trust');
    expect(pageTitleFor('/manage-active-trusts/RAN')).toBe('Trust details');
    expect(pageTitleFor('/manage-active-users/add-new-user')).toBe('Add new user');
    expect(pageTitleFor('/patient-lookup/12/history/3')).toBe('Past evaluation');
    for (const route of guardedRoutes)
      expect(pageTitleFor(route.path.replace(/:[a-zA-Z]+/g, 'x1')), route.path).toBe(route.title);
  });

  it('gives the public pages theirs, and any other address "Page not found"', () => {
    expect(pageTitleFor(publicPages.home)).toBe('Get access');
    expect(pageTitleFor('/privacy')).toBe('Privacy policy');
    expect(pageTitleFor('/accessibility')).toBe('Accessibility statement');
    expect(pageTitleFor('/unauthorized')).toBe('Access denied');
    expect(pageTitleFor('/no-such-page')).toBe(notFoundTitle);
    expect(pageTitleFor('/dashboard/nothing-here')).toBe('Page not found');
  });
});

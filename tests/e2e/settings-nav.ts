// Settings shows one section at a time (issue 17): open the Settings tab on a given section.
import { expect, type Page } from '@playwright/test';

export type SettingsSectionId = 'models' | 'memory' | 'agents' | 'data' | 'appearance' | 'status' | (string & {});

export async function openSettings(page: Page, section: SettingsSectionId): Promise<void> {
  await page.getByTestId('tab-settings').click();
  await page.getByTestId(`settings-nav-${section}`).click();
  await expect(page.getByTestId('settings-pane')).toHaveAttribute('data-section', section);
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { parseThemePreference, THEME_PREFERENCES, type ThemePreference } from '@/lib/theme';
import { useTheme } from './theme-provider';

const OPTIONS: Record<ThemePreference, { label: string; Icon: typeof Sun }> = {
  light: { label: 'Light', Icon: Sun },
  dark: { label: 'Dark', Icon: Moon },
  system: { label: 'System', Icon: Monitor },
};

/** A segmented control (a radio group) with the choices Light, Dark and System. */
export function ThemeToggle() {
  const { preference, setPreference } = useTheme();
  return (
    <ToggleGroup
      type="single"
      aria-label="Theme"
      value={preference}
      onValueChange={(value) => {
        // An empty value means the pressed item was clicked again: keep the current choice.
        if (value) setPreference(parseThemePreference(value));
      }}
    >
      {THEME_PREFERENCES.map((option) => {
        const { label, Icon } = OPTIONS[option];
        return (
          <Tooltip key={option}>
            <TooltipTrigger asChild>
              <ToggleGroupItem value={option} aria-label={label}>
                <Icon aria-hidden="true" />
              </ToggleGroupItem>
            </TooltipTrigger>
            <TooltipContent side="bottom">{label}</TooltipContent>
          </Tooltip>
        );
      })}
    </ToggleGroup>
  );
}

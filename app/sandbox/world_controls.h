/* What the panel reads and sets of the water and the world
 * (world_controls.c): the first fluid's density (kg/m^2), linear drag
 * (1/s per unit density ratio) and angular drag (1/s), its waves (on or
 * off, amplitude and length, m), and gravity's strength (m/s^2, its
 * direction kept). Each setter applies an input, as a key does. */
#ifndef FL_SANDBOX_WORLD_CONTROLS_H
#define FL_SANDBOX_WORLD_CONTROLS_H

#include <stdbool.h>

typedef struct sandbox sandbox;

bool sandbox_has_fluid(const sandbox *sb);
double sandbox_fluid_density(const sandbox *sb);
void sandbox_set_fluid_density(sandbox *sb, double v);
double sandbox_linear_drag(const sandbox *sb);
void sandbox_set_linear_drag(sandbox *sb, double v);
double sandbox_angular_drag(const sandbox *sb);
void sandbox_set_angular_drag(sandbox *sb, double v);
/* Waves on: a tenth of the steepest the length allows, unless higher. */
double sandbox_waves_on(const sandbox *sb);
void sandbox_set_waves_on(sandbox *sb, double v);
/* The amplitude at most the steepest the length allows (FL_WAVE_STEEPEST);
 * a shorter length lowers a wave too steep for it. */
double sandbox_wave_amplitude(const sandbox *sb);
void sandbox_set_wave_amplitude(sandbox *sb, double v);
double sandbox_wave_length(const sandbox *sb);
void sandbox_set_wave_length(sandbox *sb, double v);
double sandbox_gravity(const sandbox *sb);
void sandbox_set_gravity(sandbox *sb, double v);

#endif

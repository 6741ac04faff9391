// The UnityEngine members resources/unity/JounceVehicleLoader.cs uses, declared as Unity's Scripting
// Reference declares them (names, types, static or not, properties or fields), with empty bodies:
// enough for Debian's mono-mcs to type-check the loader without Unity (CTest
// unity_loader_compiles_*). Built with UNITY_6000_0_OR_NEWER the Rigidbody has Unity 6's
// linearDamping and angularDamping, without it Unity 2022's drag and angularDrag, so each branch of
// the loader is checked against the API it is written for. Add a member here only as the Scripting
// Reference declares it.
using System;

namespace UnityEngine
{
    public struct Vector3
    {
        public float x;
        public float y;
        public float z;

        public Vector3(float x, float y, float z)
        {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        public static Vector3 zero { get { return new Vector3(0f, 0f, 0f); } }
        public static Vector3 one { get { return new Vector3(1f, 1f, 1f); } }

        public static bool operator ==(Vector3 lhs, Vector3 rhs) { return lhs.x == rhs.x && lhs.y == rhs.y && lhs.z == rhs.z; }
        public static bool operator !=(Vector3 lhs, Vector3 rhs) { return !(lhs == rhs); }
        public override bool Equals(object other) { return other is Vector3 && this == (Vector3)other; }
        public override int GetHashCode() { return x.GetHashCode() ^ y.GetHashCode() ^ z.GetHashCode(); }
    }

    public struct Quaternion
    {
        public float x;
        public float y;
        public float z;
        public float w;

        public Quaternion(float x, float y, float z, float w)
        {
            this.x = x;
            this.y = y;
            this.z = z;
            this.w = w;
        }

        public static Quaternion identity { get { return new Quaternion(0f, 0f, 0f, 1f); } }
    }

    public struct JointSpring
    {
        public float spring;
        public float damper;
        public float targetPosition;
    }

    public struct WheelFrictionCurve
    {
        public float extremumSlip { get; set; }
        public float extremumValue { get; set; }
        public float asymptoteSlip { get; set; }
        public float asymptoteValue { get; set; }
        public float stiffness { get; set; }
    }

    public class Object
    {
        public string name { get; set; }

        public static bool operator ==(Object x, Object y) { return ReferenceEquals(x, y); }
        public static bool operator !=(Object x, Object y) { return !ReferenceEquals(x, y); }
        public static implicit operator bool(Object exists) { return !ReferenceEquals(exists, null); }
        public override bool Equals(object other) { return ReferenceEquals(this, other); }
        public override int GetHashCode() { return 0; }
    }

    public class Component : Object
    {
        public GameObject gameObject { get { return null; } }
        public Transform transform { get { return null; } }
        public T GetComponent<T>() { return default(T); }
        public T[] GetComponentsInChildren<T>() { return new T[0]; }
        public T[] GetComponentsInChildren<T>(bool includeInactive) { return new T[0]; }
    }

    public class Behaviour : Component
    {
        public bool enabled { get; set; }
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public sealed class GameObject : Object
    {
        public GameObject(string name) { this.name = name; }
        public Transform transform { get { return null; } }
        public T AddComponent<T>() where T : Component { return null; }
    }

    public class Transform : Component
    {
        public Vector3 position { get; set; }
        public Quaternion rotation { get; set; }
        public void SetParent(Transform parent, bool worldPositionStays) { }
        public Vector3 TransformPoint(Vector3 position) { return position; }
        public Vector3 InverseTransformPoint(Vector3 position) { return position; }
    }

    public class Rigidbody : Component
    {
        public float mass { get; set; }
#if UNITY_6000_0_OR_NEWER
        public float linearDamping { get; set; }
        public float angularDamping { get; set; }
#else
        public float drag { get; set; }
        public float angularDrag { get; set; }
#endif
        public Vector3 centerOfMass { get; set; }
        public Vector3 inertiaTensor { get; set; }
        public Quaternion inertiaTensorRotation { get; set; }
        public void ResetInertiaTensor() { }
    }

    public class Collider : Component
    {
    }

    public class BoxCollider : Collider
    {
        public Vector3 center { get; set; }
        public Vector3 size { get; set; }
    }

    public class WheelCollider : Collider
    {
        public Vector3 center { get; set; }
        public float radius { get; set; }
        public float mass { get; set; }
        public float wheelDampingRate { get; set; }
        public float suspensionDistance { get; set; }
        public float forceAppPointDistance { get; set; }
        public JointSpring suspensionSpring { get; set; }
        public WheelFrictionCurve forwardFriction { get; set; }
        public WheelFrictionCurve sidewaysFriction { get; set; }
        public void ConfigureVehicleSubsteps(float speedThreshold, int stepsBelowThreshold, int stepsAboveThreshold) { }
    }

    public class TextAsset : Object
    {
        public string text { get { return ""; } }
    }

    public class Time
    {
        public static float fixedDeltaTime { get; set; }
    }

    public class Debug
    {
        public static void Log(object message) { }
        public static void LogError(object message) { }
    }

    public static class JsonUtility
    {
        public static T FromJson<T>(string json) { return default(T); }
        public static string ToJson(object obj, bool prettyPrint) { return ""; }
    }

    public class PropertyAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public class TooltipAttribute : PropertyAttribute
    {
        public readonly string tooltip;
        public TooltipAttribute(string tooltip) { this.tooltip = tooltip; }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class RequireComponent : Attribute
    {
        public Type m_Type0;
        public RequireComponent(Type requiredComponent) { m_Type0 = requiredComponent; }
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class ContextMenu : Attribute
    {
        public readonly string menuItem;
        public ContextMenu(string itemName) { menuItem = itemName; }
    }
}
